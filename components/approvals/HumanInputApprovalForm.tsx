'use client'

import { useImperativeHandle, useState, type Ref } from 'react'
import { Textarea } from '@/components/ui'
import type { ApprovalFormHandle, ApprovalFormProps } from './approval-form'
import { humanInputAnswer } from './approval-answers'
import { isLongText, readHumanInputReceived } from './approval-payload'

/** What the asking node received (its draft), and the person's written answer; the question itself is the card's title. */
export function HumanInputApprovalForm({ payload, editable, idPrefix, ref }: ApprovalFormProps & { ref?: Ref<ApprovalFormHandle> }) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()

  useImperativeHandle(ref, () => ({
    approveAnswer() {
      const built = humanInputAnswer(text)
      setError(built.ok ? undefined : built.error)
      return built.ok ? built.answer : null
    },
  }))

  const received = readHumanInputReceived(payload)
  return (
    <div className="flex flex-col gap-2">
      {received !== undefined ? <ReceivedText text={received} /> : null}
      {editable ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${idPrefix}-answer`} className="text-xs font-medium text-zinc-600">
            Your answer
          </label>
          <Textarea
            id={`${idPrefix}-answer`}
            data-testid="approval-answer"
            rows={3}
            value={text}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setText(event.target.value)
              setError(undefined)
            }}
          />
          {error ? <p className="text-xs text-red-600">{error}</p> : null}
        </div>
      ) : null}
    </div>
  )
}

const RECEIVED_LABEL = 'What the node received'

/** Shown open when short; a long draft starts collapsed so that the answer box stays in view. */
function ReceivedText({ text }: { text: string }) {
  const body = (
    <p data-testid="approval-received" className="max-h-64 overflow-y-auto rounded-md bg-zinc-50 px-3 py-2 text-sm whitespace-pre-wrap text-zinc-800">
      {text}
    </p>
  )
  if (!isLongText(text)) {
    return (
      <div className="flex flex-col gap-1">
        <span className="text-xs font-medium text-zinc-600">{RECEIVED_LABEL}</span>
        {body}
      </div>
    )
  }
  return (
    <details className="flex flex-col gap-1">
      <summary className="cursor-pointer text-xs font-medium text-zinc-600 select-none focus-visible:outline-2 focus-visible:outline-indigo-500">
        {RECEIVED_LABEL} ({text.length.toLocaleString('en')} characters)
      </summary>
      {body}
    </details>
  )
}
