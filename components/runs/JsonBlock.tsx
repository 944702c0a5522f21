import { cn } from '@/components/ui'
import { prettyJson } from './format'

/** Pretty-printed JSON in a scrollable, monospaced block. */
export function JsonBlock({ value, className }: { value: unknown; className?: string }) {
  return (
    <pre
      className={cn(
        'max-h-72 overflow-auto rounded-md border border-zinc-200 bg-zinc-50 p-2 font-mono text-[11px] leading-relaxed whitespace-pre-wrap break-words text-zinc-700',
        className,
      )}
    >
      {prettyJson(value)}
    </pre>
  )
}

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
