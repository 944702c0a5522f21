/**
 * Executes one claimed run: prepare it (graph, MCP servers, compile), stream the lib/core
 * workflow's events into the run's event log, stop for people when the workflow asks and
 * resume with their answers, and record the outcome. Every failure ends as a `run_failed`
 * event with a message a person can act on.
 */
import { addUsage, type UsageDetails } from '@/lib/core'
import type { AppContext } from '../app-context'
import { PostgresCheckpointStorage } from '../checkpoints/postgres-checkpoint-storage'
import { jsonbSafe } from '../db/jsonb'
import { RunConversationForwarder } from '../tooling/conversation-forwarding'
import { conversationForwardingFromEnv, parseWorkflowSettings } from '../workflows/workflow-settings'
import { WorkflowRunFailedError, isWorkerShutdown } from './run-errors'
import { prepareRun, type PreparedRun } from './run-setup'
import { AgentTextCoalescer, toRunEvents, type RunEventRecord } from './workflow-events'
import { answerPendingRequests, type PendingRequest } from './workflow-requests'

const FORWARDING_LOGGER = { warn: (message: string) => console.warn(`[forwarding] ${message}`), debug: () => {} }

/** What the run has produced so far, built up from its events. */
class RunRecorder {
  readonly outputs: unknown[] = []
  usage: UsageDetails | undefined
  pending: PendingRequest[] = []
  private readonly text = new AgentTextCoalescer()

  constructor(
    private readonly app: AppContext,
    private readonly runId: string,
    private readonly forwarder: RunConversationForwarder,
    /** Once the run is cancelled, what the workflow still emits while it winds down is not the run's. */
    private readonly cancelled: AbortSignal,
  ) {}

  async onWorkflowEvent(event: unknown): Promise<void> {
    for (const record of toRunEvents(event).flatMap((e) => this.text.push(e))) await this.write(record)
    const forwarded = await this.forwarder.onWorkflowEvent(event)
    if (forwarded && !forwarded.succeeded) {
      for (const record of this.text.flush()) await this.write(record)
      await this.app.events.append(this.runId, 'conversation_forwarding_failed', { errors: forwarded.errors })
    }
  }

  async flush(): Promise<void> {
    for (const record of this.text.flush()) await this.write(record)
  }

  private async write(record: RunEventRecord): Promise<void> {
    if (this.cancelled.aborted) return
    if (record.type === 'output') this.outputs.push(record.data.data)
    if (record.type === 'request_info') this.pending.push(record.data as unknown as PendingRequest)
    if (record.usage) this.usage = addUsage(this.usage, record.usage)
    await this.app.events.append(this.runId, record.type, record.data)
    if (record.type === 'failed') {
      throw new WorkflowRunFailedError(String((record.data.error as { message?: string } | undefined)?.message ?? 'The workflow failed.'))
    }
  }
}

export async function executeRun(app: AppContext, runId: string, signal: AbortSignal): Promise<void> {
  const run = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId }, include: { version: true, workflow: { select: { settings: true } } } })
  await app.events.append(runId, 'run_started', {})
  const input = typeof run.input === 'string' ? run.input : JSON.stringify(run.input)
  const forwarding = parseWorkflowSettings(run.workflow.settings).conversationForwarding
  const forwarder = new RunConversationForwarder(runId, input, forwarding, { ...conversationForwardingFromEnv(), logger: FORWARDING_LOGGER })
  const recorder = new RunRecorder(app, runId, forwarder, signal)
  // Fires when the run ends, however it ends, so nothing it started keeps waiting.
  const ended = new AbortController()
  const runSignal = AbortSignal.any([signal, ended.signal])
  let prepared: PreparedRun | undefined
  try {
    prepared = await prepareRun(app, runId, run.version.graph, runSignal)
    await drive(app, runId, prepared, input, recorder, runSignal)
    if (signal.aborted) return await endAborted(app, runId, signal, recorder)
    await endRun(app, runId, { status: 'succeeded', outputs: recorder.outputs, usage: recorder.usage })
  } catch (error) {
    if (signal.aborted) return await endAborted(app, runId, signal, recorder)
    const message = error instanceof Error ? error.message : String(error)
    await endRun(app, runId, { status: 'failed', outputs: recorder.outputs, usage: recorder.usage, error: message })
  } finally {
    ended.abort()
    await prepared?.close()
  }
}

/** Runs the workflow; while it stops for people, asks them and resumes with their answers. */
async function drive(app: AppContext, runId: string, prepared: PreparedRun, input: string, recorder: RunRecorder, signal: AbortSignal): Promise<void> {
  // Checkpoints after every superstep are stored with the run.
  const checkpointStorage = new PostgresCheckpointStorage(app.db.prisma, runId)
  let responses: Record<string, unknown> | undefined
  do {
    recorder.pending = []
    const stream = responses
      ? prepared.workflow.runStream(undefined, { responses, signal, checkpointStorage })
      : prepared.workflow.runStream(input, { signal, checkpointStorage })
    for await (const event of stream) await recorder.onWorkflowEvent(event)
    await recorder.flush()
    responses = recorder.pending.length && !signal.aborted ? await answerPendingRequests(app, runId, recorder.pending, signal) : undefined
  } while (responses && !signal.aborted)
}

interface RunOutcome {
  status: 'succeeded' | 'failed'
  outputs: unknown[]
  usage?: UsageDetails
  error?: string
}

/**
 * Records the outcome, once: open approvals are closed first, then the status changes only if
 * the run is still running (a cancel may have won), and only the winner writes the final event —
 * so a run never ends with two contradictory final events.
 */
export async function endRun(app: AppContext, runId: string, outcome: RunOutcome): Promise<void> {
  const why = outcome.status === 'succeeded' ? 'The run finished before the request was answered.' : 'The run failed before the request was answered.'
  await app.approvals.expirePendingForRun(runId, why)
  const won = await app.db.prisma.run.updateMany({
    where: { id: runId, status: { in: ['running', 'waiting'] } },
    data: {
      status: outcome.status,
      outputs: jsonbSafe(outcome.outputs) as object[],
      usage: (outcome.usage ?? undefined) as object | undefined,
      error: outcome.error ?? null,
      finishedAt: new Date(),
    },
  })
  if (won.count === 0) return
  if (outcome.status === 'succeeded') await app.events.append(runId, 'run_succeeded', { outputs: outcome.outputs })
  else await app.events.append(runId, 'run_failed', { error: outcome.error })
}

async function endAborted(app: AppContext, runId: string, signal: AbortSignal, recorder: RunRecorder): Promise<void> {
  if (isWorkerShutdown(signal.reason)) {
    return endRun(app, runId, { status: 'failed', outputs: recorder.outputs, usage: recorder.usage, error: (signal.reason as Error).message })
  }
  // RunService.cancel wrote the status and the run_cancelled event; anything still open is closed here.
  await app.approvals.expirePendingForRun(runId, 'The run was cancelled.')
}
