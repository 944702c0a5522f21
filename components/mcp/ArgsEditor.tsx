'use client'

import { Button, Input } from '@/components/ui'

export interface ArgsEditorProps {
  args: string[]
  onChange: (args: string[]) => void
  error?: string
}

/** Command arguments, one per row: they are passed to the process as they are, never through a shell. */
export function ArgsEditor({ args, onChange, error }: ArgsEditorProps) {
  return (
    <fieldset className="flex flex-col gap-1.5" data-testid="mcp-field-args">
      <legend className="mb-1 text-xs font-medium text-zinc-600">
        Arguments <span className="font-normal text-zinc-400">(one per row, no quoting needed)</span>
      </legend>
      {args.map((arg, index) => (
        <div key={index} className="flex items-center gap-1.5">
          <div className="min-w-0 flex-1">
            <Input
              aria-label={`Argument ${index + 1}`}
              data-testid={`mcp-field-arg-${index}`}
              className="font-mono text-xs"
              value={arg}
              onChange={(event) => onChange(args.map((a, i) => (i === index ? event.target.value : a)))}
            />
          </div>
          <Button size="sm" variant="ghost" aria-label={`Remove argument ${index + 1}`} onClick={() => onChange(args.filter((_, i) => i !== index))}>
            ✕
          </Button>
        </div>
      ))}
      <div>
        <Button size="sm" data-testid="mcp-add-arg" onClick={() => onChange([...args, ''])}>
          Add argument
        </Button>
      </div>
      {error ? <p className="text-xs text-red-600">{error}</p> : null}
    </fieldset>
  )
}
