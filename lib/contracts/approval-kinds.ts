/**
 * How each kind of approval is spoken of, everywhere: the inbox's cards, the run timeline, a waiting run's status,
 * the CLI and the chat webhook read these words from here, so that a new kind is added in one table (and `tsc` lists
 * what else it needs: the card's form, in components/approvals/ApprovalCard.tsx).
 */
import type { ApprovalKind } from './approvals'

export interface ApprovalKindWords {
  /** What it is, as a badge or a heading: "Sampling request". */
  noun: string
  /** What its source does, after the source's name: "docs-server asks to use the model". */
  asksFor: string
  /** A run waiting on one: "Waiting for approval". */
  awaited: string
  /** The card's two buttons. */
  actions: { approve: string; deny: string }
  /** Answered in words (a question, a form): its outcome reads "Answered"/"Declined", not "Approved"/"Denied". */
  answeredInWords: boolean
}

export const APPROVAL_KINDS: Record<ApprovalKind, ApprovalKindWords> = {
  sampling: {
    noun: 'Sampling request',
    asksFor: 'asks to use the model',
    awaited: 'Waiting for approval',
    actions: { approve: 'Approve', deny: 'Deny' },
    answeredInWords: false,
  },
  tool_call: {
    noun: 'Tool call',
    asksFor: 'asks to call a tool',
    awaited: 'Waiting for approval',
    actions: { approve: 'Allow', deny: 'Deny' },
    answeredInWords: false,
  },
  elicitation: {
    noun: 'Information request',
    asksFor: 'asks for information',
    awaited: 'Waiting for information',
    actions: { approve: 'Submit', deny: 'Decline' },
    answeredInWords: true,
  },
  human_input: {
    noun: 'Question',
    asksFor: 'asks a question',
    awaited: 'Waiting for an answer',
    actions: { approve: 'Send answer', deny: 'Decline' },
    answeredInWords: true,
  },
  breakpoint: {
    noun: 'Breakpoint',
    asksFor: 'paused at a breakpoint',
    awaited: 'Paused at a breakpoint',
    actions: { approve: 'Continue', deny: 'Stop' },
    answeredInWords: false,
  },
}
