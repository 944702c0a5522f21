'use client'

import { useImperativeHandle, useMemo, useState, type Ref } from 'react'
import type { ApprovalFormHandle, ApprovalFormProps } from './approval-form'
import { samplingAnswer } from './approval-answers'
import { readSamplingRequest, tokenCapBounds } from './approval-payload'
import { SamplingDetails } from './SamplingDetails'

/** An MCP server's sampling request: what it would send to the model, and a token cap the person may lower. */
export function SamplingApprovalForm({ payload, source, editable, idPrefix, ref }: ApprovalFormProps & { ref?: Ref<ApprovalFormHandle> }) {
  const request = useMemo(() => readSamplingRequest(payload, source), [payload, source])
  const bounds = tokenCapBounds(request)
  const [capText, setCapText] = useState(() => (bounds ? String(bounds.max) : ''))
  const [capError, setCapError] = useState<string>()
  const [restOfRun, setRestOfRun] = useState(false)

  useImperativeHandle(ref, () => ({
    approveAnswer() {
      const built = samplingAnswer(capText, bounds, restOfRun)
      setCapError(built.ok ? undefined : built.capError)
      return built.ok ? built.answer : null
    },
  }))

  return (
    <>
      <SamplingDetails
        request={request}
        bounds={bounds}
        capText={capText}
        capError={capError}
        onCapChange={(text) => {
          setCapText(text)
          setCapError(undefined)
        }}
        editable={editable}
        idPrefix={idPrefix}
      />
      {editable ? (
        <label className="flex items-center gap-2 text-[13px] text-zinc-700">
          <input type="checkbox" data-testid="sampling-approve-rest" checked={restOfRun} onChange={(event) => setRestOfRun(event.target.checked)} />
          Approve the rest of this run&apos;s requests from this server
        </label>
      ) : null}
    </>
  )
}
