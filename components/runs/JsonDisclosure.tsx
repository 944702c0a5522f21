import { JsonBlock } from './JsonBlock'

/** A collapsed "Show JSON" disclosure (native <details>, so it works with the keyboard and screen readers). */
export function JsonDisclosure({ value, label = 'JSON' }: { value: unknown; label?: string }) {
  return (
    <details className="group mt-1">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded text-[11px] text-zinc-500 select-none hover:text-zinc-800 focus-visible:outline-2 focus-visible:outline-indigo-500">
        <span aria-hidden className="inline-block transition-transform group-open:rotate-90">
          ›
        </span>
        {label}
      </summary>
      <JsonBlock value={value} className="mt-1" />
    </details>
  )
}
