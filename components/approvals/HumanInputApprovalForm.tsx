'use client'

import { useImperativeHandle, useState, type Ref } from 'react'
import { Textarea } from '@/components/ui'
import type { ApprovalFormHandle, ApprovalFormProps } from './approval-form'
import { humanInputAnswer } from './approval-answers'
import { readHumanInputPrompt } from './approval-payload'

/** A workflow's question to a person, and their written answer. */
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

  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm whitespace-pre-wrap text-zinc-800">{readHumanInputPrompt(payload) || 'The workflow asks for input.'}</p>
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
