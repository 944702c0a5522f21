'use client'

import { useId, useMemo, useState } from 'react'
import { Button, Dialog, Field, Select, Textarea } from '@/components/ui'
import type { CheckpointDetail, ForkEdit } from '@/lib/contracts/run-forks'

/** One message the dialog can edit: a text message in flight, or a message of an agent's conversation. */
interface EditableMessage {
  key: string
  label: string
  text: string
  edit: (text: string) => ForkEdit
}

function editableMessages(detail: CheckpointDetail, labelOf: (executorId: string) => string): EditableMessage[] {
  const inFlight = detail.messages
    .filter((message) => typeof message.data === 'string')
    .map((message) => ({
      key: `message-${message.index}`,
      label: `Sent by ${labelOf(message.sourceId)}${message.targetId ? ` to ${labelOf(message.targetId)}` : ''} (in flight)`,
      text: message.data as string,
      edit: (text: string): ForkEdit => ({ op: 'replace_message', index: message.index, data: text }),
    }))
  const spoken = Object.entries(detail.conversations).flatMap(([nodeId, messages]) =>
    messages
      .filter((message) => message.text !== '')
      .map((message) => ({
        key: `conversation-${nodeId}-${message.index}`,
        label: `${labelOf(nodeId)}: message ${message.index + 1} (${message.role})`,
        text: message.text,
        edit: (text: string): ForkEdit => ({ op: 'replace_conversation_message', nodeId, index: message.index, text }),
      })),
  )
  return [...inFlight, ...spoken]
}

export interface ForkDialogProps {
  open: boolean
  onClose: () => void
  detail: CheckpointDetail
  labelOf: (executorId: string) => string
  pending: boolean
  error: string | null
  onFork: (edits: ForkEdit[]) => void
}

/** "Fork with edits…": pick one message of the checkpoint (in flight, or in an agent's conversation), change its text, fork. */
export function ForkDialog({ open, onClose, detail, labelOf, pending, error, onFork }: ForkDialogProps) {
  const messages = useMemo(() => editableMessages(detail, labelOf), [detail, labelOf])
  const [chosenKey, setChosenKey] = useState(messages[0]?.key ?? '')
  const chosen = messages.find((message) => message.key === chosenKey) ?? messages[0]
  const [texts, setTexts] = useState<Record<string, string>>({})
  const text = chosen ? (texts[chosen.key] ?? chosen.text) : ''
  const selectId = useId()
  const textId = useId()

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Fork from superstep ${detail.superstep}`}
      description="A new run starts from this checkpoint with your edit; this run stays as it is."
      size="2xl"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" data-testid="fork-start" disabled={pending || !chosen} onClick={() => chosen && onFork([chosen.edit(text)])}>
            {pending ? 'Forking…' : 'Fork run'}
          </Button>
        </>
      }
    >
      {chosen ? (
        <>
          <Field label="Message" htmlFor={selectId}>
            <Select
              id={selectId}
              data-testid="fork-message"
              value={chosen.key}
              onChange={(event) => setChosenKey(event.target.value)}
              options={messages.map((message) => ({ value: message.key, label: message.label }))}
            />
          </Field>
          <Field label="New text" htmlFor={textId}>
            <Textarea
              id={textId}
              data-testid="fork-text"
              rows={6}
              value={text}
              onChange={(event) => setTexts((current) => ({ ...current, [chosen.key]: event.target.value }))}
            />
          </Field>
        </>
      ) : (
        <p className="text-sm text-zinc-600">This checkpoint holds no text message to edit: replay it instead.</p>
      )}
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </Dialog>
  )
}
