'use client'

/**
 * A field whose value is a list of names picked from what the server offers (MCP servers,
 * function tools, skills), shown as checkboxes. Names the server does not offer (deleted since,
 * or written elsewhere) stay listed, checked, so they can be removed.
 */
import type { ReactNode } from 'react'
import { errorMessage } from '@/components/api-client'
import { toggledValue, unknownValues, type ChecklistItem } from './checklist-values'

export interface ChecklistMessages {
  loading: string
  /** Before the error's own message: "Could not load skills". */
  failed: string
  /** Shown when the server offers nothing; nothing is shown without it. */
  empty?: ReactNode
  /** After a checked name the server does not offer: "(not registered)". */
  unknown: string
}

export interface ChecklistFieldProps {
  label: string
  testId: string
  value: string[]
  onChange: (value: string[]) => void
  /** What the server offers; undefined until it answered. */
  items: readonly ChecklistItem[] | undefined
  loading: boolean
  loadError: unknown
  messages: ChecklistMessages
}

export function ChecklistField({ label, testId, value, onChange, items, loading, loadError, messages }: ChecklistFieldProps) {
  const toggle = (name: string, checked: boolean) => onChange(toggledValue(value, name, checked))
  const known = items ?? []
  return (
    <fieldset data-testid={testId} className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-xs font-medium text-zinc-600">{label}</legend>
      {loading ? <p className="text-xs text-zinc-500">{messages.loading}</p> : null}
      {loadError ? (
        <p className="text-xs text-red-600">
          {messages.failed}: {errorMessage(loadError)}
        </p>
      ) : null}
      {items && items.length === 0 && messages.empty ? <p className="text-xs text-zinc-500">{messages.empty}</p> : null}
      {known.map((item) => (
        <label key={item.value} className="flex items-start gap-2 rounded-md px-1 py-1 text-sm hover:bg-zinc-50">
          <input
            type="checkbox"
            data-testid={`${testId}-${item.value}`}
            className="mt-0.5 h-4 w-4 rounded border-zinc-300 accent-indigo-600"
            checked={value.includes(item.value)}
            onChange={(e) => toggle(item.value, e.target.checked)}
          />
          <span className="min-w-0 flex-1">
            <span className={item.code ? 'block font-mono text-zinc-800' : 'block text-zinc-800'}>{item.name}</span>
            <span className="block truncate text-xs text-zinc-500" title={item.detailTitle}>
              {item.detail}
            </span>
          </span>
        </label>
      ))}
      {!loading &&
        unknownValues(value, known).map((name) => (
          <label key={name} className="flex items-center gap-2 px-1 py-1 text-sm text-amber-800">
            <input type="checkbox" data-testid={`${testId}-${name}`} className="h-4 w-4 accent-indigo-600" checked onChange={() => toggle(name, false)} />
            {name} <span className="text-xs">{messages.unknown}</span>
          </label>
        ))}
    </fieldset>
  )
}
