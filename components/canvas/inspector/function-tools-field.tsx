'use client'

/**
 * An agent's function tools as a checkbox list of the server's registry (GET /api/function-tools).
 * Names the registry does not know stay listed, checked, so they can be removed.
 */
import { useEffect, useState } from 'react'
import { errorMessage, fetchParsed } from '@/components/api-client'
import { functionToolListResponseSchema, type FunctionToolSummary } from '@/lib/contracts/function-tools'

type ToolList = { state: 'loading' } | { state: 'ready'; tools: FunctionToolSummary[] } | { state: 'error'; message: string }

function useFunctionTools(): ToolList {
  const [list, setList] = useState<ToolList>({ state: 'loading' })
  useEffect(() => {
    let cancelled = false
    fetchParsed(functionToolListResponseSchema, '/api/function-tools').then(
      ({ tools }) => !cancelled && setList({ state: 'ready', tools }),
      (error: unknown) => !cancelled && setList({ state: 'error', message: errorMessage(error) }),
    )
    return () => {
      cancelled = true
    }
  }, [])
  return list
}

export function FunctionToolsField({ label, testId, value, onChange }: { label: string; testId: string; value: string[]; onChange: (names: string[]) => void }) {
  const list = useFunctionTools()
  const toggle = (name: string, checked: boolean) => onChange(checked ? [...value, name] : value.filter((v) => v !== name))
  const known = list.state === 'ready' ? list.tools : []
  const unknown = value.filter((name) => !known.some((t) => t.name === name))
  return (
    <fieldset data-testid={testId} className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-xs font-medium text-zinc-600">{label}</legend>
      {list.state === 'loading' ? <p className="text-xs text-zinc-500">Loading tools…</p> : null}
      {list.state === 'error' ? <p className="text-xs text-red-600">Could not load function tools: {list.message}</p> : null}
      {known.map((t) => (
        <label key={t.name} className="flex items-start gap-2 rounded-md px-1 py-1 text-sm hover:bg-zinc-50">
          <input
            type="checkbox"
            data-testid={`${testId}-${t.name}`}
            className="mt-0.5 h-4 w-4 rounded border-zinc-300 accent-indigo-600"
            checked={value.includes(t.name)}
            onChange={(e) => toggle(t.name, e.target.checked)}
          />
          <span className="min-w-0 flex-1">
            <span className="block font-mono text-zinc-800">{t.name}</span>
            <span className="block truncate text-xs text-zinc-500" title={t.description}>
              {t.description}
            </span>
          </span>
        </label>
      ))}
      {list.state !== 'loading' &&
        unknown.map((name) => (
          <label key={name} className="flex items-center gap-2 px-1 py-1 text-sm text-amber-800">
            <input type="checkbox" data-testid={`${testId}-${name}`} className="h-4 w-4 accent-indigo-600" checked onChange={() => toggle(name, false)} />
            {name} <span className="text-xs">(not a registered tool)</span>
          </label>
        ))}
    </fieldset>
  )
}
