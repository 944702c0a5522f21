import type { AnswerApprovalBody } from '@/lib/contracts/approvals'

/** What an approval kind's form hands its card: the approve answer built from its inputs. */
export interface ApprovalFormHandle {
  /** The answer, or null after the form showed what is missing. */
  approveAnswer(): AnswerApprovalBody | null
}

export interface ApprovalFormProps {
  /** The payload and source of the request. */
  payload: Record<string, unknown>
  source: string
  /** Inputs are shown (and used) only while the approval can be answered. */
  editable: boolean
  /** True while an answer is being sent. */
  sending: boolean
  idPrefix: string
}
