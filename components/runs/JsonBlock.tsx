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
