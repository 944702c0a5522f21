'use client'

import { Button, Input } from '@/components/ui'
import { secretRow, type SecretKind, type SecretRow } from './server-form'

const LABELS: Record<SecretKind, { title: string; add: string; namePlaceholder: string }> = {
  env: { title: 'Environment variables', add: 'Add variable', namePlaceholder: 'API_KEY' },
  headers: { title: 'Headers', add: 'Add header', namePlaceholder: 'Authorization' },
}

export interface SecretRowsEditorProps {
  kind: SecretKind
  rows: SecretRow[]
  onChange: (rows: SecretRow[]) => void
  error?: string
}

/**
 * Name–value rows for secrets. Values are password inputs and never prefilled: the server does
 * not send stored values back, so a stored row says so and an empty value keeps it.
 */
export function SecretRowsEditor({ kind, rows, onChange, error }: SecretRowsEditorProps) {
  const labels = LABELS[kind]
  const update = (rowId: string, change: Partial<SecretRow>) => onChange(rows.map((row) => (row.rowId === rowId ? { ...row, ...change } : row)))

  return (
    <fieldset className="flex flex-col gap-1.5" data-testid={`mcp-field-${kind}`}>
      <legend className="mb-1 text-xs font-medium text-zinc-600">
        {labels.title} <span className="font-normal text-zinc-400">(secret: stored on the server, never shown again)</span>
      </legend>
      {rows.map((row, index) => (
        <div key={row.rowId} className="flex items-center gap-1.5">
          {/* Inputs are full-width: their wrappers set the proportions. */}
          <div className="w-2/5 shrink-0">
            <Input
              aria-label={`${labels.title} name ${index + 1}`}
              data-testid={`mcp-field-${kind}-name-${index}`}
              className="font-mono text-xs read-only:bg-zinc-50"
              placeholder={labels.namePlaceholder}
              value={row.name}
              readOnly={row.stored}
              title={row.stored ? 'To rename a stored secret, remove it and add a new one.' : undefined}
              onChange={(event) => update(row.rowId, { name: event.target.value })}
            />
          </div>
          <div className="min-w-0 flex-1">
            <Input
              type="password"
              autoComplete="new-password"
              aria-label={`${labels.title} value ${index + 1}`}
              data-testid={`mcp-field-${kind}-value-${index}`}
              className="font-mono text-xs"
              placeholder={row.stored ? 'set — leave empty to keep' : 'value'}
              value={row.value}
              onChange={(event) => update(row.rowId, { value: event.target.value })}
            />
          </div>
          <Button size="sm" variant="ghost" aria-label={`Remove ${row.name || 'row'}`} onClick={() => onChange(rows.filter((r) => r.rowId !== row.rowId))}>
            ✕
          </Button>
        </div>
      ))}
      <div>
        <Button size="sm" data-testid={`mcp-add-${kind}`} onClick={() => onChange([...rows, secretRow()])}>
          {labels.add}
        </Button>
      </div>
      {error ? <p className="text-xs text-red-600">{error}</p> : null}
    </fieldset>
  )
}
