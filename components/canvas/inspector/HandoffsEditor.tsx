'use client'

import { Button } from '@/components/ui/Button'
import { Select } from '@/components/ui/Select'
import type { Participant } from '@/lib/graph/node-data'
import { getAt } from '../inspector-fields'
import type { ListEditorProps } from './field-types'
import { ListSection } from './ListSection'

interface HandoffRule {
  from: string
  to: string[]
}

/** A handoff orchestration's rules: which participant may hand off to which. */
export function HandoffsEditor({ label, help, testId, data, path, onChange }: ListEditorProps) {
  const rules = (getAt(data, path) as HandoffRule[] | undefined) ?? []
  const participants = (getAt(data, ['participants']) as Participant[] | undefined) ?? []
  const options = participants.map((p) => ({ value: p.id, label: p.name || p.id }))
  const set = (next: HandoffRule[]) => onChange(path, next)
  const add = () => {
    const [first, second] = participants
    if (first && second) set([...rules, { from: first.id, to: [second.id] }])
  }
  return (
    <ListSection
      label={label}
      help={help}
      testId={testId}
      action={
        <Button size="sm" variant="ghost" data-testid={`${testId}-add`} disabled={participants.length < 2} onClick={add}>
          + Add handoff
        </Button>
      }
    >
      {rules.map((rule, i) => (
        <div key={i} className="flex flex-col gap-1.5 rounded-md border border-zinc-200 p-2">
          <div className="flex items-center gap-1">
            <Select
              aria-label={`Handoff ${i + 1} from`}
              className="h-8"
              options={options}
              value={rule.from}
              onChange={(e) => set(rules.map((r, j) => (j === i ? { from: e.target.value, to: r.to.filter((t) => t !== e.target.value) } : r)))}
            />
            <Button size="sm" variant="ghost" aria-label={`Remove handoff ${i + 1}`} onClick={() => set(rules.filter((_, j) => j !== i))}>
              ✕
            </Button>
          </div>
          <div className="flex flex-wrap gap-x-3 gap-y-1 pl-1 text-xs text-zinc-700">
            <span className="text-zinc-500">can hand off to</span>
            {participants
              .filter((p) => p.id !== rule.from)
              .map((p) => (
                <label key={p.id} className="flex items-center gap-1">
                  <input
                    type="checkbox"
                    className="accent-indigo-600"
                    checked={rule.to.includes(p.id)}
                    onChange={(e) =>
                      set(rules.map((r, j) => (j === i ? { ...r, to: e.target.checked ? [...r.to, p.id] : r.to.filter((t) => t !== p.id) } : r)))
                    }
                  />
                  {p.name || p.id}
                </label>
              ))}
          </div>
        </div>
      ))}
    </ListSection>
  )
}
