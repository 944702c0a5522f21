/**
 * The shapes the runs, approvals and share API answers with, as the browser sees them.
 * Kept loose on purpose (graph node data, event data and approval payloads are `unknown`
 * until a view narrows them) so that a server adding fields never breaks the UI.
 */

export const RUN_STATUSES = ['queued', 'running', 'waiting', 'succeeded', 'failed', 'cancelled'] as const
export type RunStatus = (typeof RUN_STATUSES)[number]

export const TERMINAL_RUN_STATUSES: readonly RunStatus[] = ['succeeded', 'failed', 'cancelled']

export function isTerminalStatus(status: RunStatus): boolean {
  return TERMINAL_RUN_STATUSES.includes(status)
}

export function isRunStatus(value: unknown): value is RunStatus {
  return typeof value === 'string' && (RUN_STATUSES as readonly string[]).includes(value)
}

export interface RunSummary {
  id: string
  workflowId: string
  workflowName: string
  version: number
  status: RunStatus
  createdAt: string
  finishedAt: string | null
}

export interface TokenUsage {
  inputTokenCount?: number
  outputTokenCount?: number
  totalTokenCount?: number
}

export interface RunDetail extends RunSummary {
  input: string
  outputs: unknown[] | null
  error: string | null
  usage: TokenUsage | null
  startedAt: string | null
}

export interface RunGraphNode {
  id: string
  kind: string
  position: { x: number; y: number }
  data?: Record<string, unknown>
}

export interface RunGraphEdge {
  id: string
  source: string
  target: string
  sourceHandle?: string
  targetHandle?: string
}

export interface RunGraph {
  schemaVersion: number
  nodes: RunGraphNode[]
  edges: RunGraphEdge[]
}

export interface RunEvent {
  sequence: number
  type: string
  data: unknown
  createdAt: string
}

export const APPROVAL_KINDS = ['sampling', 'tool_call', 'elicitation', 'human_input'] as const
export type ApprovalKind = (typeof APPROVAL_KINDS)[number]
export type ApprovalStatus = 'pending' | 'approved' | 'denied' | 'expired'

export interface ApprovalView {
  id: string
  /** Null for approvals raised outside a run. */
  runId: string | null
  kind: ApprovalKind
  status: ApprovalStatus
  source: string
  title: string
  payload: unknown
  response: unknown
  expiresAt: string | null
  createdAt: string
  decidedAt: string | null
}

/** What `GET /api/runs/:id` answers; the share endpoint adds the events it already has. */
export interface RunViewData {
  run: RunDetail
  graph: RunGraph
  approvals: ApprovalView[]
  events?: RunEvent[]
}
