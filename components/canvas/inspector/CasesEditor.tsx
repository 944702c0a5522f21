'use client'

import { useId } from 'react'
import { Button } from '@/components/ui/Button'
import { Input } from '@/components/ui/Input'
import type { ConditionCase } from '@/lib/graph/node-data'
import { nextListItemId } from '../ids'
import { getAt } from '../inspector-fields'
import { ExpressionField } from './ExpressionField'
import type { ListEditorProps } from './field-types'
import { ListSection } from './ListSection'

/** A condition's cases, in order: a label and a CEL expression each; the first that holds is taken. */
export function CasesEditor({ label, help, testId, data, path, onChange }: ListEditorProps) {
  const cases = (getAt(data, path) as ConditionCase[] | undefined) ?? []
  const baseId = useId()
  const set = (next: ConditionCase[], mergeKey?: string, removed?: string) =>
    onChange(path, next, { mergeKey, removeEdgeHandles: removed ? [removed] : undefined })
  // A new case starts as `false` (never taken) so that adding it does not change routing until edited.
  const add = () =>
    set([
      ...cases,
      {
        id: nextListItemId(
          'case',
          cases.map((c) => c.id),
        ),
        expression: 'false',
      },
    ])
  const move = (index: number, by: -1 | 1) => {
    const next = [...cases]
    const [item] = next.splice(index, 1)
    next.splice(index + by, 0, item!)
    set(next)
  }
  return (
    <ListSection
      label={label}
      help={help}
      testId={testId}
      action={
        <Button size="sm" variant="ghost" data-testid={`${testId}-add`} onClick={add}>
          + Add case
        </Button>
      }
    >
      {cases.map((c, i) => (
        <div key={c.id} data-testid={`${testId}-${i}`} className="flex flex-col gap-2 rounded-md border border-zinc-200 bg-zinc-50/60 p-2">
          <div className="flex items-center gap-1">
            <Input
              aria-label={`Case ${i + 1} label`}
              data-testid={`${testId}-${i}-label`}
              className="h-8"
              placeholder={`Case ${i + 1}`}
              value={c.label ?? ''}
              onChange={(e) =>
                set(
                  cases.map((x, j) => (j === i ? { ...x, label: e.target.value || undefined } : x)),
                  `case.${c.id}.label`,
                )
              }
            />
            <Button size="sm" variant="ghost" aria-label={`Move case ${i + 1} up`} disabled={i === 0} onClick={() => move(i, -1)}>
              ↑
            </Button>
            <Button size="sm" variant="ghost" aria-label={`Move case ${i + 1} down`} disabled={i === cases.length - 1} onClick={() => move(i, 1)}>
              ↓
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove case ${i + 1}`}
              disabled={cases.length <= 1}
              onClick={() =>
                set(
                  cases.filter((_, j) => j !== i),
                  undefined,
                  c.id,
                )
              }
            >
              ✕
            </Button>
          </div>
          <ExpressionField
            id={`${baseId}-${i}`}
            testId={`${testId}-${i}-expression`}
            label="When (CEL)"
            placeholder='input.contains("urgent")'
            value={c.expression}
            onChange={(expression) =>
              set(
                cases.map((x, j) => (j === i ? { ...x, expression } : x)),
                `case.${c.id}.expression`,
              )
            }
          />
        </div>
      ))}
      <p className="text-xs text-zinc-500">Messages no case matches leave through “Default”.</p>
    </ListSection>
  )
}
