/**
 * A debug run's breakpoints, on the run path (run-executor.ts). The pause is modelled as an approval of kind
 * `breakpoint`, parked like any request for a person (workflow-requests.ts): that reuses all the machinery
 * a paused run needs — committed resume point, status `waiting`, no worker holding it, the inbox and its
 * routing, answering from any process, and the run continuing from its checkpoint once answered — instead of
 * a second kind of parking with its own queueing and recovery. The answer's content says how to go on
 * (`continue` or `step`); a denial (the inbox's "Stop") stops the run, as does cancelling it.
 *
 * The watch sees the workflow's events (which nodes ran in a superstep) and its checkpoints (the messages
 * in flight), and between two supersteps — once the one that ended is committed — pauses the run when a
 * breakpoint is hit (breakpoint-decision.ts) by aborting the workflow at that boundary.
 */
import { randomUUID } from 'node:crypto'
import { UserError, type CheckpointStorage, type WorkflowCheckpoint } from '@/lib/core'
import { runDebugSchema, type BreakpointHit, type DebugAction, type RunDebug } from '@/lib/contracts/run-debug'
import { singleNodeDocument, type GraphDocument } from '@/lib/graph'
import type { AppContext } from '../../app-context'
import { breakpointHit, edgeTargetsOf, type EdgeTargets } from './breakpoint-decision'
import type { PendingRequest } from './workflow-requests'

/** The request data of a breakpoint's pause, as parked (Run.parkedRequests) and asked (its approval). */
export interface BreakpointRequestData extends BreakpointHit {
  type: 'breakpoint'
}

/** The abort reason that tells the executor the workflow stopped at a breakpoint, not for a cancel. */
export class BreakpointPause extends Error {
  constructor(readonly hit: BreakpointHit) {
    super('The run paused at a breakpoint.')
  }
}

/** The run's debug settings, or undefined for a run that is not a debug run (or whose stored settings no longer parse). */
export function debugOf(stored: unknown): RunDebug | undefined {
  if (stored === null || stored === undefined) return undefined
  const parsed = runDebugSchema.safeParse(stored)
  return parsed.success ? parsed.data : undefined
}

/** A run of one node: the document holding just it (checked when the run was made; a failure here fails the run). */
export function onlyNode(document: GraphDocument, nodeId: string): GraphDocument {
  const single = singleNodeDocument(document, nodeId)
  if (!single.ok) throw new UserError(single.message)
  return single.document
}

/** A debug run's pinned outputs as compile takes them (lib/graph's CompileOptions.pinned); undefined when none. */
export function pinnedValues(debug: RunDebug): ReadonlyMap<string, unknown> | undefined {
  const entries = Object.entries(debug.pinned)
  return entries.length === 0 ? undefined : new Map(entries.map(([nodeId, pin]) => [nodeId, pin.value]))
}

export function isBreakpointRequest(request: PendingRequest): boolean {
  return (request.data as { type?: unknown } | null)?.type === 'breakpoint'
}

export function breakpointRequest(hit: BreakpointHit): PendingRequest {
  const data: BreakpointRequestData = { type: 'breakpoint', ...hit }
  return { requestId: `breakpoint:${randomUUID()}`, executorId: hit.nodeIds[0] ?? 'workflow', data }
}

export class BreakpointWatch {
  private edges: EdgeTargets = new Map()
  private readonly ran = new Set<string>()
  private readonly saved = new Map<number, WorkflowCheckpoint>()
  private readonly controller = new AbortController()
  private pausedAt: BreakpointHit | undefined

  private stepping = false

  constructor(private readonly debug: RunDebug) {}

  /** The run's document: where a message that names no target goes. */
  useDocument(document: GraphDocument): void {
    this.edges = edgeTargetsOf(document.edges)
  }

  /** Aborted when the run pauses; the executor adds it to the run's signal. */
  get signal(): AbortSignal {
    return this.controller.signal
  }

  /** Pause after the next superstep whatever the breakpoints (a person asked for one step). */
  stepOnce(): void {
    this.stepping = true
  }

  /** Where the run paused, once it has. */
  get hit(): BreakpointHit | undefined {
    return this.pausedAt
  }

  observe(event: { type?: string; executorId?: string }): void {
    if (event.type === 'superstep_started') this.ran.clear()
    else if (event.type === 'executor_invoked' && typeof event.executorId === 'string') this.ran.add(event.executorId)
  }

  /** The run's checkpoint storage, with each checkpoint seen on its way: its messages in flight are what `before` breakpoints look at. */
  storage(inner: CheckpointStorage): CheckpointStorage {
    return {
      save: async (checkpoint) => {
        this.saved.clear()
        this.saved.set(checkpoint.iterationCount, checkpoint)
        return inner.save(checkpoint)
      },
      load: (id) => inner.load(id),
      list: (options) => inner.list(options),
      delete: (id) => inner.delete(id),
    }
  }

  /** The workflow's hold between supersteps: after `hold` (the recorder's commit), pause if a breakpoint is hit. */
  between(hold: ((completed: number) => Promise<void>) | undefined): (completed: number) => Promise<void> {
    return async (completed) => {
      await hold?.(completed)
      const checkpoint = this.saved.get(completed)
      if (!checkpoint) return
      const hit = breakpointHit(
        this.debug.breakpoints,
        { superstep: completed, checkpointId: checkpoint.checkpointId, ran: this.ran, messages: checkpoint.messages },
        this.edges,
        this.stepping,
      )
      if (!hit) return
      this.stepping = false
      this.pausedAt = hit
      this.controller.abort(new BreakpointPause(hit))
    }
  }
}

/**
 * How a paused run goes on, from its breakpoint approval's answer: `continue` or `step`. A denial (Stop in the
 * inbox) or an expiry ends the run, saying so.
 */
export async function resumeActionOf(app: AppContext, runId: string, requests: readonly PendingRequest[]): Promise<Exclude<DebugAction, 'stop'>> {
  const ids = requests.filter(isBreakpointRequest).map((request) => request.requestId)
  const rows = await app.db.prisma.approvalRequest.findMany({ where: { runId, requestId: { in: ids } }, select: { status: true, response: true } })
  let action: Exclude<DebugAction, 'stop'> = 'continue'
  for (const row of rows) {
    if (row.status === 'denied') throw new UserError('The run was stopped at a breakpoint.')
    if (row.status !== 'approved') throw new UserError('The run was paused at a breakpoint and nobody told it to go on in time.')
    const content = (row.response as { content?: { action?: unknown } } | null)?.content
    if (content?.action === 'step') action = 'step'
  }
  return action
}
