/**
 * Executes one claimed run: prepare it (graph, MCP servers, compile), stream the lib/core
 * workflow's events into the run's event log, stop for people when the workflow asks and
 * resume with their answers, and record the outcome. Every failure ends as a `run_failed`
 * event with a message a person can act on.
 */
import type { UsageDetails } from '@/lib/core'
import type { AppContext } from '../app-context'
import { PostgresCheckpointStorage } from '../checkpoints/postgres-checkpoint-storage'
import { jsonbSafe } from '../db/jsonb'
import { RunConversationForwarder } from '../tooling/conversation-forwarding'
import { conversationForwardingFromEnv, parseWorkflowSettings } from '../workflows/workflow-settings'
import { isWorkerShutdown } from './run-errors'
import { RunRecorder } from './run-recorder'
import { prepareRun, type PreparedRun } from './run-setup'
import { answerPendingRequests } from './workflow-requests'

const FORWARDING_LOGGER = { warn: (message: string) => console.warn(`[forwarding] ${message}`), debug: () => {} }

export async function executeRun(app: AppContext, runId: string, signal: AbortSignal): Promise<void> {
  const run = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId }, include: { version: true, workflow: { select: { settings: true } } } })
  await app.events.append(runId, 'run_started', {})
  const input = typeof run.input === 'string' ? run.input : JSON.stringify(run.input)
  const forwarding = parseWorkflowSettings(run.workflow.settings).conversationForwarding
  const forwarder = new RunConversationForwarder(runId, input, forwarding, { ...conversationForwardingFromEnv(), logger: FORWARDING_LOGGER, redact: (text) => app.secrets.redact(text) })
  const recorder = new RunRecorder(app, runId, forwarder, signal)
  // Fires when the run ends, however it ends, so nothing it started keeps waiting.
  const ended = new AbortController()
  const runSignal = AbortSignal.any([signal, ended.signal])
  let prepared: PreparedRun | undefined
  try {
    prepared = await prepareRun(app, runId, run.version.graph, runSignal, recorder.recordTaskStatus)
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
  // Outputs and errors carry what tools and servers said: configured secrets are cut out before they are stored.
  const outputs = await app.secrets.redactValue(outcome.outputs)
  const error = outcome.error === undefined ? undefined : await app.secrets.redact(outcome.error)
  const won = await app.db.prisma.run.updateMany({
    where: { id: runId, status: { in: ['running', 'waiting'] } },
    data: {
      status: outcome.status,
      outputs: jsonbSafe(outputs) as object[],
      usage: (outcome.usage ?? undefined) as object | undefined,
      error: error ?? null,
      finishedAt: new Date(),
    },
  })
  if (won.count === 0) return
  if (outcome.status === 'succeeded') await app.events.append(runId, 'run_succeeded', { outputs })
  else await app.events.append(runId, 'run_failed', { error })
}

async function endAborted(app: AppContext, runId: string, signal: AbortSignal, recorder: RunRecorder): Promise<void> {
  if (isWorkerShutdown(signal.reason)) {
    return endRun(app, runId, { status: 'failed', outputs: recorder.outputs, usage: recorder.usage, error: (signal.reason as Error).message })
  }
  // RunService.cancel wrote the status and the run_cancelled event; anything still open is closed here.
  await app.approvals.expirePendingForRun(runId, 'The run was cancelled.')
}
