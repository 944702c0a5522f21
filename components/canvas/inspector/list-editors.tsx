'use client'

import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { AgentSettingsSchema, ParticipantSchema, type ConditionCase, type Participant } from '@/lib/graph/node-data'
import { agentSettingsFields, getAt, type FieldPath } from '../inspector-fields'
import { ExpressionField, FieldControl, type FieldChange } from './field-control'

interface ListEditorProps {
  label: string
  help?: string
  testId: string
  data: Record<string, unknown>
  path: FieldPath
  onChange: FieldChange
}

function uniqueId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  for (let n = 1; ; n++) if (!used.has(`${prefix}-${n}`)) return `${prefix}-${n}`
}

function Section({ label, help, testId, children, action }: { label: string; help?: string; testId: string; children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <section data-testid={testId} className="flex flex-col gap-2">
      <div className="flex items-center justify-between">
        <h3 className="text-xs font-medium text-zinc-600">{label}</h3>
        {action}
      </div>
      {help ? <p className="-mt-1 text-xs text-zinc-500">{help}</p> : null}
      {children}
    </section>
  )
}

export function CasesEditor({ label, help, testId, data, path, onChange }: ListEditorProps) {
  const cases = (getAt(data, path) as ConditionCase[] | undefined) ?? []
  const baseId = useId()
  const set = (next: ConditionCase[], mergeKey?: string, removed?: string) =>
    onChange(path, next, { mergeKey, removeEdgeHandles: removed ? [removed] : undefined })
  // A new case starts as `false` (never taken) so that adding it does not change routing until edited.
  const add = () => set([...cases, { id: uniqueId('case', cases.map((c) => c.id)), expression: 'false' }])
  const move = (index: number, by: -1 | 1) => {
    const next = [...cases]
    const [item] = next.splice(index, 1)
    next.splice(index + by, 0, item!)
    set(next)
  }
  return (
    <Section
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
              onChange={(e) => set(cases.map((x, j) => (j === i ? { ...x, label: e.target.value || undefined } : x)), `case.${c.id}.label`)}
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
              onClick={() => set(cases.filter((_, j) => j !== i), undefined, c.id)}
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
            onChange={(expression) => set(cases.map((x, j) => (j === i ? { ...x, expression } : x)), `case.${c.id}.expression`)}
          />
        </div>
      ))}
      <p className="text-xs text-zinc-500">Messages no case matches leave through “Default”.</p>
    </Section>
  )
}

export function ParticipantsEditor({ label, testId, data, path, onChange }: Omit<ListEditorProps, 'help'>) {
  const participants = (getAt(data, path) as Participant[] | undefined) ?? []
  // Which participants are expanded; a new one opens so that it can be filled in at once.
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(() => new Set(participants.slice(0, 1).map((p) => p.id)))
  const setOpen = (id: string, open: boolean) =>
    setOpenIds((current) => {
      if (current.has(id) === open) return current
      const next = new Set(current)
      if (open) next.add(id)
      else next.delete(id)
      return next
    })
  const add = () => {
    const id = uniqueId('agent', participants.map((p) => p.id))
    const participant = ParticipantSchema.parse({ id, name: `Agent ${participants.length + 1}`, instructions: '' })
    onChange(path, [...participants, participant])
    setOpen(id, true)
  }
  return (
    <Section
      label={label}
      testId={testId}
      action={
        <Button size="sm" variant="ghost" data-testid={`${testId}-add`} onClick={add}>
          + Add participant
        </Button>
      }
    >
      {participants.length === 0 ? <p className="text-xs text-zinc-500">No participants yet.</p> : null}
      {participants.map((participant, i) => (
        <details
          key={participant.id}
          data-testid={`${testId}-${i}`}
          className="group rounded-md border border-zinc-200 bg-white"
          open={openIds.has(participant.id)}
          onToggle={(event) => setOpen(participant.id, event.currentTarget.open)}
        >
          <summary className="flex cursor-pointer items-center justify-between gap-2 px-2 py-1.5 text-sm select-none">
            <span className="truncate font-medium text-zinc-800">{participant.name || participant.id}</span>
            <span className="text-xs text-zinc-500">{participant.id}</span>
          </summary>
          <div className="flex flex-col gap-3 border-t border-zinc-100 p-2">
            {agentSettingsFields().map((field) => (
              <FieldControl key={field.id} field={field} data={data} basePath={[...path, i]} onChange={onChange} testIdPrefix={`participants-${i}`} />
            ))}
            <Button size="sm" variant="danger" onClick={() => onChange(path, participants.filter((_, j) => j !== i))}>
              Remove participant
            </Button>
          </div>
        </details>
      ))}
    </Section>
  )
}

interface HandoffRule {
  from: string
  to: string[]
}

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
    <Section
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
    </Section>
  )
}

export function AgentSettingsGroup({ label, testId, data, path, onChange }: Omit<ListEditorProps, 'help'>) {
  const value = getAt(data, path)
  if (value === undefined) {
    return (
      <Section label={label} testId={testId}>
        <Button size="sm" data-testid={`${testId}-configure`} onClick={() => onChange(path, AgentSettingsSchema.parse({ name: label }))}>
          Configure {label.toLowerCase()}
        </Button>
      </Section>
    )
  }
  const fieldId = path[path.length - 1]
  return (
    <Section label={label} testId={testId}>
      <div className="flex flex-col gap-3 rounded-md border border-zinc-200 p-2">
        {agentSettingsFields().map((field) => (
          <FieldControl key={field.id} field={field} data={data} basePath={path} onChange={onChange} testIdPrefix={String(fieldId)} />
        ))}
      </div>
    </Section>
  )
}
