'use client'

import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { ParticipantSchema, type Participant } from '@/lib/graph/node-data'
import { nextListItemId } from '../ids'
import { agentSettingsFields, getAt } from '../inspector-fields'
import type { FieldRenderer, ListEditorProps } from './field-types'
import { ListSection } from './ListSection'

export interface ParticipantsEditorProps extends Omit<ListEditorProps, 'help'> {
  /** Renders each setting of a participant. */
  renderField: FieldRenderer
}

/** An orchestration's participants: each an agent whose settings fold open. */
export function ParticipantsEditor({ label, testId, data, path, onChange, renderField: FieldControl }: ParticipantsEditorProps) {
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
    const id = nextListItemId(
      'agent',
      participants.map((p) => p.id),
    )
    const participant = ParticipantSchema.parse({ id, name: `Agent ${participants.length + 1}`, instructions: '' })
    onChange(path, [...participants, participant])
    setOpen(id, true)
  }
  return (
    <ListSection
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
            <Button
              size="sm"
              variant="danger"
              onClick={() =>
                onChange(
                  path,
                  participants.filter((_, j) => j !== i),
                )
              }
            >
              Remove participant
            </Button>
          </div>
        </details>
      ))}
    </ListSection>
  )
}
