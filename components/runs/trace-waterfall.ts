/**
 * A run's spans as waterfall rows, rebuilt from its stored events (no collector needed): the run,
 * each superstep, each executor invocation, the agent run inside an executor and each tool call,
 * nested as the OpenTelemetry spans of the same run are (`agentloom.run` → `workflow.superstep n` →
 * `executor.process id` → `invoke_agent` → `execute_tool name`). Times are the events' `createdAt`;
 * events are stored in small batches, so a span is as precise as a batch (a few milliseconds).
 * Works on what a share link already shows: nothing else is read.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import { eventRecord, readNumber, readString } from './event-data'

export type SpanKind = 'run' | 'superstep' | 'executor' | 'agent' | 'tool'
export type SpanStatus = 'ok' | 'error' | 'open'

export interface WaterfallRow {
  id: string
  kind: SpanKind
  label: string
  depth: number
  /** Milliseconds from the run's start. */
  startMs: number
  durationMs: number
  status: SpanStatus
  /** Bar position and width in percent of the whole run (width at least MIN_BAR_PERCENT). */
  leftPercent: number
  widthPercent: number
}

export interface Waterfall {
  totalMs: number
  rows: WaterfallRow[]
}

export const MIN_BAR_PERCENT = 0.5

interface OpenSpan {
  id: string
  kind: SpanKind
  label: string
  parent: OpenSpan | undefined
  start: number
  end: number | undefined
  status: SpanStatus
  children: OpenSpan[]
}

const RUN_ENDS = new Set(['run_succeeded', 'run_failed', 'run_cancelled'])

/** `labelOf` names an executor as the graph does (its node's title). */
export function buildWaterfall(events: readonly RunEvent[], labelOf: (executorId: string) => string = (id) => id, now?: number): Waterfall {
  const times = events.map((event) => Date.parse(event.createdAt)).filter(Number.isFinite)
  if (times.length === 0) return { totalMs: 0, rows: [] }
  const origin = Math.min(...times)
  let lastTime = Math.max(...times)
  let counter = 0
  const open = (kind: SpanKind, label: string, parent: OpenSpan | undefined, start: number): OpenSpan => {
    const span: OpenSpan = { id: `${kind}-${++counter}`, kind, label, parent, start, end: undefined, status: 'open', children: [] }
    parent?.children.push(span)
    return span
  }
  const close = (span: OpenSpan | undefined, at: number, status: SpanStatus = 'ok') => {
    if (!span || span.end !== undefined) return
    span.end = at
    span.status = status
  }

  const run = open('run', 'Run', undefined, origin)
  let superstep: OpenSpan | undefined
  /** Invocations still running, per executor id, oldest first (an executor may run more than once in a superstep). */
  const executors = new Map<string, OpenSpan[]>()
  const agents = new Map<OpenSpan, OpenSpan>()
  const tools = new Map<string, OpenSpan>()

  const currentExecutor = (executorId: string | undefined) => (executorId === undefined ? undefined : executors.get(executorId)?.[0])
  const agentOf = (executorId: string | undefined, at: number): OpenSpan => {
    const executor = currentExecutor(executorId)
    if (!executor) return run
    let agent = agents.get(executor)
    if (!agent) {
      agent = open('agent', `Agent ${executor.label}`, executor, at)
      agents.set(executor, agent)
    }
    return agent
  }
  const endExecutor = (executorId: string | undefined, at: number, status: SpanStatus) => {
    if (executorId === undefined) return
    const running = executors.get(executorId)
    const executor = running?.shift()
    if (!executor) return
    const agent = agents.get(executor)
    // A failed executor takes down what it left running; closed children keep their own status.
    for (const tool of agent?.children ?? []) close(tool, at, status)
    close(agent, at, status)
    close(executor, at, status)
  }

  for (const event of events) {
    const at = Date.parse(event.createdAt)
    if (!Number.isFinite(at)) continue
    const data = eventRecord(event)
    const executorId = readString(data, 'executorId')
    switch (event.type) {
      case 'superstep_started':
        close(superstep, at)
        superstep = open('superstep', `Superstep ${readNumber(data, 'iteration') ?? '?'}`, run, at)
        break
      case 'superstep_completed':
        close(superstep, at)
        superstep = undefined
        break
      case 'executor_invoked': {
        if (executorId === undefined) break
        const executor = open('executor', labelOf(executorId), superstep ?? run, at)
        const running = executors.get(executorId)
        if (running) running.push(executor)
        else executors.set(executorId, [executor])
        break
      }
      case 'executor_completed':
        endExecutor(executorId, at, 'ok')
        break
      case 'executor_failed':
        endExecutor(executorId, at, 'error')
        break
      case 'agent_update':
        agentOf(executorId, at)
        break
      case 'agent_response': {
        const agent = agentOf(executorId, at)
        if (agent.kind === 'agent') close(agent, at)
        break
      }
      case 'tool_call': {
        const callId = readString(data, 'callId')
        if (callId === undefined || tools.has(callId)) break
        tools.set(callId, open('tool', `Tool ${readString(data, 'name') ?? '?'}`, agentOf(executorId, at), at))
        break
      }
      case 'tool_result': {
        const callId = readString(data, 'callId')
        close(callId === undefined ? undefined : tools.get(callId), at, data.error === undefined ? 'ok' : 'error')
        break
      }
      default:
        if (RUN_ENDS.has(event.type)) {
          close(superstep, at, event.type === 'run_succeeded' ? 'ok' : 'error')
          close(run, at, event.type === 'run_succeeded' ? 'ok' : 'error')
        }
    }
  }

  // Still running: open spans reach to now (live) or to the last event (a finished, cut-off run).
  if (run.end === undefined && now !== undefined) lastTime = Math.max(lastTime, now)
  const totalMs = Math.max(lastTime - origin, 0)
  const rows: WaterfallRow[] = []
  const visit = (span: OpenSpan, depth: number) => {
    const end = span.end ?? lastTime
    const startMs = span.start - origin
    const durationMs = Math.max(end - span.start, 0)
    const leftPercent = totalMs === 0 ? 0 : Math.min((startMs / totalMs) * 100, 100 - MIN_BAR_PERCENT)
    const widthPercent = totalMs === 0 ? 100 : Math.min(Math.max((durationMs / totalMs) * 100, MIN_BAR_PERCENT), 100 - leftPercent)
    rows.push({ id: span.id, kind: span.kind, label: span.label, depth, startMs, durationMs, status: span.status, leftPercent, widthPercent })
    for (const child of span.children) visit(child, depth + 1)
  }
  visit(run, 0)
  return { totalMs, rows }
}
