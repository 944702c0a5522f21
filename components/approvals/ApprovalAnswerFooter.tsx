'use client'

import { useState } from 'react'
import { Button, Textarea } from '@/components/ui'

export interface ApprovalAnswerFooterProps {
  /** The kind's words for the two buttons ("Allow" / "Deny", "Submit" / "Decline", …). */
  labels: { approve: string; deny: string }
  disabled: boolean
  submitting: 'approve' | 'deny' | null
  idPrefix: string
  onApprove: () => void
  /** Called with the optional reason as typed. */
  onDeny: (reason: string) => void
}

/** Approve and deny, and an optional reason sent back with a denial. */
export function ApprovalAnswerFooter({ labels, disabled, submitting, idPrefix, onApprove, onDeny }: ApprovalAnswerFooterProps) {
  const [reason, setReason] = useState('')
  return (
    <footer className="flex flex-wrap items-end justify-between gap-3 border-t border-zinc-100 pt-3">
      <details className="min-w-0 flex-1 text-xs text-zinc-600">
        <summary className="cursor-pointer rounded select-none hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-indigo-500">
          Add a reason
        </summary>
        <label htmlFor={`${idPrefix}-reason`} className="sr-only">
          Reason (optional)
        </label>
        <Textarea
          id={`${idPrefix}-reason`}
          data-testid="approval-deny-reason"
          rows={2}
          className="mt-1"
          placeholder="Optional; sent back with the denial"
          maxLength={2000}
          value={reason}
          disabled={disabled}
          onChange={(event) => setReason(event.target.value)}
        />
      </details>
      <div className="flex gap-2">
        <Button variant="danger" data-testid="approval-deny" disabled={disabled} onClick={() => onDeny(reason)}>
          {submitting === 'deny' ? 'Sending…' : labels.deny}
        </Button>
        <Button variant="primary" data-testid="approval-approve" disabled={disabled} onClick={onApprove}>
          {submitting === 'approve' ? 'Sending…' : labels.approve}
        </Button>
      </div>
    </footer>
  )
}
