/**
 * The run view's state, derived from the run snapshot plus the stream of run events.
 *
 * `reduceRunEvents` is pure: the same snapshot and the same events (in any order, with any
 * repeats) give the same state. Events are applied in sequence order; a repeat is ignored;
 * an event older than the newest one seen makes the state replay from the snapshot, so a late
 * arrival after a reconnect can never leave a stale status behind.
 */
import { eventRecord, nodeIdForExecutor, readApproval, readErrorMessage, readString } from './event-data'
import type { ApprovalView } from '@/lib/contracts/approvals'
import type { RunEvent } from '@/lib/contracts/run-events'
import { isTerminalStatus, type RunDetail, type RunStatus, type TokenUsage } from '@/lib/contracts/runs'

export type NodeRunStatus = 'idle' | 'running' | 'waiting' | 'done' | 'failed' | 'cancelled'

export interface AgentText {
  /** The executor that streamed the text (a graph node id, or an inner participant's id). */
  executorId: string
  /** The graph node the executor belongs to, when one matches. */
  nodeId: string | null
  text: string
}

export interface RunViewState {
  /** The run as first loaded; replays start from here. */
  snapshot: RunDetail
  snapshotApprovals: ApprovalView[]
  /** Graph node ids, for mapping executor ids to nodes. */
  nodeIds: readonly string[]
  status: RunStatus
  startedAt: string | null
  finishedAt: string | null
  outputs: unknown[] | null
  /** Outputs yielded while the run goes on (`output` events), before the final list arrives. */
  streamedOutputs: unknown[]
  error: string | null
  usage: TokenUsage | null
  /** Applied events, ascending by sequence, without repeats. */
  events: RunEvent[]
  lastSequence: number
  nodeStatus: Record<string, NodeRunStatus>
  nodeInvocations: Record<string, number>
  nodeErrors: Record<string, string>
  agentTexts: AgentText[]
  approvals: Record<string, ApprovalView>
  /** For each approval, the nodes that wait on it (shown as "waiting for approval"). */
  approvalNodes: Record<string, string[]>
}

export function initialRunState(run: RunDetail, approvals: ApprovalView[], nodeIds: readonly string[]): RunViewState {
  const state: RunViewState = {
    snapshot: run,
    snapshotApprovals: approvals,
    nodeIds,
    status: run.status,
    startedAt: run.startedAt,
    finishedAt: run.finishedAt,
    outputs: run.outputs,
    streamedOutputs: [],
    error: run.error,
    usage: run.usage,
    events: [],
    lastSequence: 0,
    nodeStatus: {},
    nodeInvocations: {},
    nodeErrors: {},
    agentTexts: [],
    approvals: {},
    approvalNodes: {},
  }
  // The snapshot's status already accounts for its approvals: store them without re-deriving it.
  return { ...state, approvals: Object.fromEntries(approvals.map((approval) => [approval.id, approval])) }
}

/** Applies one event. Repeats are ignored; late events trigger a replay in sequence order. */
export function reduceRunEvents(state: RunViewState, event: RunEvent): RunViewState {
  if (!isWellFormedEvent(event)) return state
  if (event.sequence > state.lastSequence) return applyEvent(state, event)
  if (state.events.some((seen) => seen.sequence === event.sequence)) return state
  const events = [...state.events, event].sort((a, b) => a.sequence - b.sequence)
  return replay(state, events)
}

export function reduceRunEventBatch(state: RunViewState, events: readonly RunEvent[]): RunViewState {
  return events.reduce(reduceRunEvents, state)
}

/** Merges a fresher run record (after a cancel, or a refetch at the end) without losing event-derived state. */
export function mergeRunSnapshot(state: RunViewState, run: Partial<RunDetail>): RunViewState {
  const next = run.status
  const status = next === undefined || (isTerminalStatus(state.status) && !isTerminalStatus(next)) ? state.status : next
  return {
    ...state,
    snapshot: { ...state.snapshot, ...run },
    status,
    startedAt: run.startedAt ?? state.startedAt,
    finishedAt: run.finishedAt ?? state.finishedAt,
    outputs: run.outputs ?? state.outputs,
    error: run.error ?? state.error,
    usage: run.usage ?? state.usage,
  }
}

/**
 * Adds or updates an approval; an answer never goes back to pending, nor an escalation away: the run's
 * `approval_requested` event, replayed after the snapshot, carries the approval as it was before it was escalated.
 */
export function upsertApproval(state: RunViewState, given: ApprovalView): RunViewState {
  const known = state.approvals[given.id]
  if (known && known.status !== 'pending' && given.status === 'pending') return state
  const approval = known?.escalatedAt && !given.escalatedAt ? { ...given, escalatedAt: known.escalatedAt } : given
  const approvals = { ...state.approvals, [approval.id]: approval }
  const next = { ...state, approvals }
  if (approval.status === 'pending') return next
  return leaveWaitingIfNothingPending(withoutApprovalNodes(next, approval.id))
}

export function pendingApprovals(state: RunViewState): ApprovalView[] {
  return Object.values(state.approvals)
    .filter((approval) => approval.status === 'pending')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}

export function allApprovals(state: RunViewState): ApprovalView[] {
  return Object.values(state.approvals).sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}

/**
 * A node's status as drawn: waiting on an open approval wins over running and over done (a
 * human-input step, or an agent whose tool call needs consent, completes its superstep and then
 * waits for the person).
 */
export function nodeStatusOf(state: RunViewState, nodeId: string): NodeRunStatus {
  const base = state.nodeStatus[nodeId] ?? 'idle'
  if (base === 'failed') return base
  const waiting = Object.values(state.approvalNodes).some((nodes) => nodes.includes(nodeId))
  return waiting ? 'waiting' : base
}

export function nodeStatuses(state: RunViewState): Record<string, NodeRunStatus> {
  return Object.fromEntries(state.nodeIds.map((id) => [id, nodeStatusOf(state, id)]))
}

function replay(state: RunViewState, events: readonly RunEvent[]): RunViewState {
  const fresh = initialRunState(state.snapshot, state.snapshotApprovals, state.nodeIds)
  return events.reduce(applyEvent, fresh)
}

function isWellFormedEvent(event: RunEvent): boolean {
  return Number.isFinite(event?.sequence) && typeof event.type === 'string'
}

function applyEvent(state: RunViewState, event: RunEvent): RunViewState {
  const recorded: RunViewState = { ...state, events: [...state.events, event], lastSequence: event.sequence }
  return applyEventEffects(recorded, event)
}

function applyEventEffects(state: RunViewState, event: RunEvent): RunViewState {
  const data = eventRecord(event)
  switch (event.type) {
    case 'run_queued':
      return withStatus(state, 'queued')
    case 'run_started':
      return { ...withStatus(state, 'running'), startedAt: state.startedAt ?? event.createdAt }
    case 'run_succeeded':
      return finishRun(state, event, 'succeeded', 'done')
    case 'run_failed':
      return { ...finishRun(state, event, 'failed', 'cancelled'), error: readString(data, 'error') ?? state.error }
    case 'run_cancelled':
      return finishRun(state, event, 'cancelled', 'cancelled')
    case 'executor_invoked':
      return onExecutor(state, data, 'running')
    case 'request_info':
      return onExecutor(state, data, 'waiting')
    case 'executor_completed':
      return onExecutor(state, data, 'done')
    case 'executor_failed':
      return onExecutor(state, data, 'failed')
    case 'agent_update':
      return appendAgentText(state, data)
    case 'output':
      return 'data' in data ? { ...state, streamedOutputs: [...state.streamedOutputs, data.data] } : state
    case 'approval_requested':
      return onApprovalRequested(state, data)
    case 'approval_resolved': {
      const approval = readApproval(data)
      return approval ? upsertApproval(answeredNodesDone(state, approval), approval) : state
    }
    case 'approval_escalated':
      return onApprovalEscalated(state, data)
    default:
      return state
  }
}

/** Lifecycle statuses only move forward: a finished run stays finished, a started one never re-queues. */
function withStatus(state: RunViewState, next: RunStatus): RunViewState {
  if (isTerminalStatus(state.status)) return state
  if (next === 'queued' && state.status !== 'queued') return state
  if (next === 'running' && pendingApprovals(state).length > 0) return { ...state, status: 'waiting' }
  return { ...state, status: next }
}

function finishRun(state: RunViewState, event: RunEvent, status: RunStatus, unfinishedNodes: NodeRunStatus): RunViewState {
  const data = eventRecord(event)
  const nodeStatus = Object.fromEntries(Object.entries(state.nodeStatus).map(([id, s]) => [id, s === 'running' || s === 'waiting' ? unfinishedNodes : s]))
  const outputs = Array.isArray(data.outputs) ? data.outputs : state.outputs
  const usage = isUsage(data.usage) ? data.usage : state.usage
  return {
    ...state,
    status: isTerminalStatus(state.status) ? state.status : status,
    finishedAt: state.finishedAt ?? event.createdAt,
    outputs,
    usage,
    nodeStatus,
    approvalNodes: {},
  }
}

/**
 * A node that asked a person something (`request_info`: a tool call needing consent, a human-input step) ends its
 * superstep still waiting for the answer: it is not done until it runs again with it, and a run that ends before
 * then (cancelled, failed) leaves it unfinished, not Done.
 */
function onExecutor(state: RunViewState, data: Record<string, unknown>, reported: NodeRunStatus): RunViewState {
  const executorId = readString(data, 'executorId')
  if (!executorId) return state
  const nodeId = nodeIdForExecutor(executorId, state.nodeIds) ?? executorId
  const status = reported === 'done' && state.nodeStatus[nodeId] === 'waiting' ? 'waiting' : reported
  const nodeStatus = { ...state.nodeStatus, [nodeId]: status }
  const nodeInvocations = status === 'running' ? { ...state.nodeInvocations, [nodeId]: (state.nodeInvocations[nodeId] ?? 0) + 1 } : state.nodeInvocations
  const error = status === 'failed' ? readErrorMessage(data) : undefined
  const nodeErrors = error ? { ...state.nodeErrors, [nodeId]: error } : state.nodeErrors
  return { ...state, nodeStatus, nodeInvocations, nodeErrors }
}

/** The nodes a person answered (approved or denied) are done with their step; an expired request leaves them unfinished. */
function answeredNodesDone(state: RunViewState, approval: ApprovalView): RunViewState {
  const nodes = state.approvalNodes[approval.id]
  if (!nodes || (approval.status !== 'approved' && approval.status !== 'denied')) return state
  const nodeStatus = { ...state.nodeStatus }
  for (const nodeId of nodes) if (nodeStatus[nodeId] === 'waiting') nodeStatus[nodeId] = 'done'
  return { ...state, nodeStatus }
}

function appendAgentText(state: RunViewState, data: Record<string, unknown>): RunViewState {
  const executorId = readString(data, 'executorId')
  const text = readString(data, 'text')
  if (!executorId || !text) return state
  const index = state.agentTexts.findIndex((entry) => entry.executorId === executorId)
  if (index === -1) {
    const nodeId = nodeIdForExecutor(executorId, state.nodeIds)
    return { ...state, agentTexts: [...state.agentTexts, { executorId, nodeId, text }] }
  }
  const agentTexts = state.agentTexts.slice()
  const entry = agentTexts[index]!
  agentTexts[index] = { ...entry, text: entry.text + text }
  return { ...state, agentTexts }
}

function onApprovalRequested(state: RunViewState, data: Record<string, unknown>): RunViewState {
  const approval = readApproval(data)
  if (!approval) return state
  const next = upsertApproval(state, approval)
  if (approval.status !== 'pending' || next.approvals[approval.id]?.status !== 'pending') return next
  const approvalNodes = { ...next.approvalNodes, [approval.id]: waitingNodesFor(next, approval, data) }
  const status = next.status === 'running' || next.status === 'queued' ? 'waiting' : next.status
  return { ...next, approvalNodes, status }
}

/**
 * An approval that went to the workspace's owners after its delay shows so on its card, whatever happened to it since
 * (an answer may have been stored between the escalation and its event).
 */
function onApprovalEscalated(state: RunViewState, data: Record<string, unknown>): RunViewState {
  const approvalId = readString(data, 'approvalId')
  const escalatedAt = readString(data, 'escalatedAt')
  const known = approvalId === undefined ? undefined : state.approvals[approvalId]
  if (!known || !escalatedAt || known.escalatedAt) return state
  return { ...state, approvals: { ...state.approvals, [known.id]: { ...known, escalatedAt } } }
}

/**
 * Which nodes wait on an approval: the executor the event names, else the approval's source
 * when it is a node, else every node running at the time (the run is blocked on them).
 */
function waitingNodesFor(state: RunViewState, approval: ApprovalView, data: Record<string, unknown>): string[] {
  for (const candidate of [readString(data, 'executorId'), approval.source]) {
    const nodeId = candidate ? nodeIdForExecutor(candidate, state.nodeIds) : null
    if (nodeId) return [nodeId]
  }
  return Object.entries(state.nodeStatus)
    .filter(([, status]) => status === 'running')
    .map(([id]) => id)
}

function withoutApprovalNodes(state: RunViewState, approvalId: string): RunViewState {
  if (!(approvalId in state.approvalNodes)) return state
  const { [approvalId]: _resolved, ...approvalNodes } = state.approvalNodes
  return { ...state, approvalNodes }
}

function leaveWaitingIfNothingPending(state: RunViewState): RunViewState {
  if (state.status !== 'waiting' || pendingApprovals(state).length > 0) return state
  return { ...state, status: 'running' }
}

function isUsage(value: unknown): value is TokenUsage {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
