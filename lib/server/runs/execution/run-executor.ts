/**
 * Executes a run this worker has taken (run-lease.ts), from wherever it stands:
 * - new: from its input;
 * - continued: people answered what it was parked on, so it resumes from its checkpoint with their answers;
 * - resumed: the worker that held it stopped, so it resumes from its last checkpoint and replays the
 *   superstep that was cut off (run-event-writer.ts explains how nothing is recorded twice).
 * It streams the lib/core workflow's events into the run's log, parks the run when the workflow
 * waits for people, and records the outcome. Every failure ends as a `run_failed` event with a
 * message a person can act on.
 */
import type { UsageDetails } from '@/lib/core'
import { durabilityOf } from '@/lib/contracts/durability'
import type { RunEvent } from '@/lib/contracts/run-events'
import type { TokenUsage } from '@/lib/contracts/runs'
import type { AgentSettings, GraphDocument } from '@/lib/graph'
import type { AppContext } from '../../app-context'
import { jsonbSafeText, storableText } from '../../db/jsonb'
import { loadTurnStart, openAgentConversation } from '../../conversations/agent-conversation'
import { openRunAgentConversations } from '../../conversations/run-agent-conversations'
import { parseTurnInput, TURN_AGENT_NODE_ID, withTurnSettings } from '../../conversations/turn-document'
import { WAKE_EXPERIMENT_OF_ENDED_RUN } from '../queue/experiment-step-queue'
import { documentSecretScope } from '../../secret-vault/secret-scopes'
import { RunConversationForwarder } from '../../threat-protection/conversation-forwarding'
import { conversationForwardingFromEnv, parseWorkflowSettings } from '../../workflows/workflow-settings'
import { CheckpointPointers } from './checkpoint-pointers'
import { isLeaseLost, isWorkerShutdown, RUN_LEFT } from './run-errors'
import type { LocalRunFeed } from '../events/local-run-feed'
import { isUniqueViolation, type FollowMark } from '../events/run-event-log'
import { RunEventWriter, type BatchStatement } from '../events/run-event-writer'
import { parkRun, releaseRun, type ClaimedRun } from '../queue/run-lease'
import { scheduleApprovalExpiry } from '../queue/run-queue'
import { RunRecorder } from './run-recorder'
import { prepareQueuedRun, type PreparedQueuedRun } from './run-setup'
import { nodeTitles } from '../events/node-titles'
import { BreakpointWatch, breakpointRequest, debugOf, isBreakpointRequest, onlyNode, pinnedValues, resumeActionOf } from './run-breakpoints'
import { isPendingRequestList, openRequestApprovals, responsesFromApprovals, type PendingRequest } from './workflow-requests'

const FORWARDING_LOGGER = { warn: (message: string) => console.warn(`[forwarding] ${message}`), debug: () => {} }

/** How a run left this worker. */
export type RunExit = 'ended' | 'parked' | 'released'

type Start =
  | { kind: 'new'; input: string }
  | { kind: 'continued'; checkpointId: string; requests: PendingRequest[] }
  | { kind: 'resumed'; checkpointId: string | null; input: string; replayAfter: number }

function startOf(run: ClaimedRun, input: string): Start {
  // The claim stored `run_started` as the resume point (run-lease.ts): it starts from its input all the same.
  if (run.started || run.checkpointSequence === null) return { kind: 'new', input }
  if (run.parkedRequests !== null && run.checkpointId !== null && isPendingRequestList(run.parkedRequests)) {
    return { kind: 'continued', checkpointId: run.checkpointId, requests: run.parkedRequests }
  }
  return { kind: 'resumed', checkpointId: run.checkpointId, input, replayAfter: run.checkpointSequence }
}

export interface ExecuteOptions {
  workerId: string
  /** Aborted by a cancel, a shutdown (WorkerShutdownError) or a lost lease (LeaseLostError). */
  signal: AbortSignal
  /** The run's version, parsed (kept by the worker: versions never change); rejects when it is invalid. */
  document: Promise<GraphDocument>
  /** Given the events as they are stored and the run's end, for a request in this process that waits for the run. */
  feed?: LocalRunFeed
  /** How long a batch of the run's events waits for company (RunEventWriter; its default when absent). */
  lingerMs?: number
}

export async function executeQueuedRun(
  app: AppContext,
  run: ClaimedRun,
  { workerId, signal, document: saved, feed, lingerMs }: ExecuteOptions,
): Promise<RunExit> {
  // A conversation turn's input is its message and where the conversation stood when it was sent.
  const turn = run.conversationId === null ? undefined : parseTurnInput(run.input)
  // A debug run (run-breakpoints.ts): only it reads its breakpoints and pins, or watches its supersteps.
  const debug = debugOf(run.debug)
  const document =
    turn?.instructions || turn?.replyFormat
      ? saved.then((parsed) => withTurnSettings(parsed, turn))
      : debug?.node !== undefined
        ? saved.then((parsed) => onlyNode(parsed, debug.node!))
        : saved
  const input = turn ? turn.text : typeof run.input === 'string' ? run.input : JSON.stringify(run.input)
  const start = startOf(run, input)
  // A turn reads its conversation and its saved agent's own key (for the client and for redaction) once, in one statement.
  // A turn inserted claimed here has it from its insert (run-now.ts); any other take reads it.
  const turnStart =
    turn && run.conversationId !== null
      ? run.turnStart
        ? Promise.resolve(run.turnStart)
        : loadTurnStart(app, run.conversationId, run.agentVersionId, run.ownerScope)
      : undefined
  turnStart?.catch(() => {})
  const turnApiKey = turnStart ? turnStart.then((loaded) => loaded.apiKey) : Promise.resolve(undefined)
  turnApiKey.catch(() => {})
  // What the run's text is redacted with: the secrets of what its document uses (secret-scopes.ts), told before anything is written.
  app.secretScopes.remember(
    run.id,
    Promise.all([document, turnApiKey]).then(([parsed, apiKey]) =>
      documentSecretScope(app.db.prisma, parsed, run.ownerScope, apiKey === undefined ? [] : [apiKey], run.nameOwner),
    ),
  )
  const replaying = start.kind === 'resumed' ? await app.events.listAfter(run.id, start.replayAfter, 10_000) : []
  const onStored = feed && ((events: RunEvent[], sizes: number[]) => feed.push(events, sizes))
  // An `exit` run's writer holds everything until the run ends or parks (lib/contracts/durability.ts).
  const durability = durabilityOf(run.durability)
  const exit = durability === 'exit'
  const firstSequence = start.kind === 'resumed' ? start.replayAfter + 1 : run.lastSequence + 1
  const writer = new RunEventWriter(app.events, run.id, firstSequence, replaying, onStored, exit ? Infinity : lingerMs)
  const experimentRow = run.experimentId !== null
  const checkpoints = new CheckpointPointers(app.db.prisma, run.id, writer, app.secrets.box, exit)
  const settings = parseWorkflowSettings(run.workflowSettings)
  const forwarding = settings.conversationForwarding
  const forwarder = new RunConversationForwarder(run.id, input, forwarding, {
    ...conversationForwardingFromEnv(),
    logger: FORWARDING_LOGGER,
    redact: async (text) => (await app.secretScopes.forRun(run.id)).redact(text),
  })
  // A run resumed from its input (cut off before its first checkpoint) replays the engine's `started` with the rest.
  const fromCheckpoint = start.kind === 'continued' || (start.kind === 'resumed' && start.checkpointId !== null)
  // Only a run that goes on from a checkpoint has tokens before it (a new or restarted one starts from its input).
  const usageBefore = fromCheckpoint ? (run.usage ?? undefined) : undefined
  const outputsBefore = fromCheckpoint ? await app.events.outputsThrough(run.id, start.kind === 'resumed' ? start.replayAfter : run.lastSequence) : []
  const recorder = new RunRecorder({
    runId: run.id,
    writer,
    forwarder,
    cancelled: signal,
    checkpoints,
    continuing: fromCheckpoint,
    usageBefore,
    outputsBefore,
    maxSupersteps: settings.maxSupersteps,
    durability,
  })
  // Fires when the run leaves this worker, however it leaves, so nothing it started keeps waiting.
  const ended = new AbortController()
  const breakpointsAnswered = start.kind === 'continued' && debug !== undefined ? start.requests.filter(isBreakpointRequest) : []
  let watch: BreakpointWatch | undefined
  if (debug) watch = new BreakpointWatch(debug)
  const runSignal = AbortSignal.any(watch ? [signal, ended.signal, watch.signal] : [signal, ended.signal])
  let prepared: PreparedQueuedRun | undefined
  let conversation: ReturnType<typeof openAgentConversation> | undefined
  try {
    // A run inserted claimed (run-now.ts) writes its `run_started` with its first batch (a queued one's claim stored it);
    // a failure to store it fails that batch, which the recorder reports.
    if (start.kind === 'new' && !run.started) writer.write('run_started', {}, resumeFromInput).catch(() => {})
    if (start.kind === 'continued') await clearParkedRequests(app, run.id)
    // What the stopped attempt's callbacks asked (sampling, elicitation) is asked again by this one.
    if (start.kind === 'resumed') await app.approvals.closeAskedByEarlierAttempt(run.id)
    // A turn's agent talks in the conversation; a workflow's agent nodes each keep theirs (run-agent-conversations.ts).
    // The history window trims what is sent to the model, never what is stored.
    // What the agents say and hear is stored with the run's secrets cut out (agent-conversation.ts says why).
    const redactor = await app.secretScopes.forRun(run.id)
    const carry = (build: Parameters<RunEventWriter['carry']>[0], options?: { now?: boolean }) => writer.carry(build, options)
    let agentApiKey: string | undefined
    if (turn && run.conversationId !== null && turnStart) {
      const loaded = await turnStart
      conversation = openAgentConversation(app, run.conversationId, turn.historyStart, turnAgent(await document), loaded, carry, redactor)
      agentApiKey = loaded.apiKey
    }
    // A run's first attempt makes its agents' conversations: they ride with its batches (run-agent-conversations.ts).
    const firstAttempt = start.kind === 'new' && run.attempts === 1 ? { carry } : undefined
    const nodeConversations = turn ? undefined : await openRunAgentConversations(app, run.id, run.ownerId, await document, redactor, firstAttempt)
    prepared = await prepareQueuedRun(app, run.id, await document, { visible: run.ownerScope, names: run.nameOwner }, runSignal, recorder.recordTaskStatus, {
      agentConversation: (nodeId) => (turn ? (nodeId === TURN_AGENT_NODE_ID ? conversation : undefined) : nodeConversations?.get(nodeId)),
      // A turn's agent is its saved agent as an inline node: it talks with the saved agent's own key.
      agentApiKey: (nodeId) => (nodeId === TURN_AGENT_NODE_ID ? agentApiKey : undefined),
      maxSupersteps: settings.maxSupersteps,
      pinned: debug && pinnedValues(debug),
    })
    // A paused debug run goes on as its breakpoint's answer says; the workflow never hears of the pause.
    const requests = start.kind === 'continued' ? start.requests.filter((request) => !isBreakpointRequest(request)) : []
    watch?.useDocument(await document)
    if (breakpointsAnswered.length > 0 && watch) {
      const action = await resumeActionOf(app, run.id, breakpointsAnswered)
      if (action === 'step') watch.stepOnce()
      writer.write('breakpoint_resumed', { action }).catch(() => {})
    }
    const responses = requests.length > 0 ? await responsesFromApprovals(app, run.id, requests) : undefined
    // `sync`: the workflow waits at each superstep's end until the recorder has committed it.
    const hold = durability === 'sync' ? recorder.holdUntilCommitted : undefined
    const options = {
      signal: runSignal,
      checkpointStorage: watch ? watch.storage(checkpoints) : checkpoints,
      beforeNextSuperstep: watch ? watch.between(hold) : hold,
    }
    // In batches (what the workflow emitted since the last), each event recorded in order and awaited only when the
    // recorder has something to wait for: a run emits many events, and every step of an async iteration costs promises.
    const stream =
      start.kind === 'continued'
        ? prepared.workflow.runStreamBatches(undefined, { ...options, checkpointId: start.checkpointId, responses })
        : start.kind === 'resumed' && start.checkpointId !== null
          ? prepared.workflow.runStreamBatches(undefined, { ...options, checkpointId: start.checkpointId })
          : prepared.workflow.runStreamBatches(input, options)
    await prepared.asRun(async () => {
      for await (const events of stream) {
        for (const event of events) {
          watch?.observe(event)
          const recorded = recorder.onWorkflowEvent(event)
          if (recorded) await recorded
        }
      }
    })
    // What the last superstep left is not sent yet: it goes with the run's end, in one statement.
    await recorder.settle()
    conversation?.save()
    if (signal.aborted) return await leaveAborted(app, run.id, workerId, signal, recorder, writer, exit)
    // Waiting for people parks durably whatever the mode: everything is committed first.
    if (recorder.pending.length > 0) {
      checkpoints.carryHeld()
      await recorder.flush()
      // A run that went on from a checkpoint holding requests and ran no superstep (a fork of a parked run) waits on that checkpoint.
      const restored = start.kind === 'new' ? undefined : (start.checkpointId ?? undefined)
      return await park(app, run.id, workerId, recorder, writer, checkpoints.latest ?? restored, nodeTitles(await document))
    }
    checkpoints.carryHeld()
    await endRun(app, run.id, writer, { status: 'succeeded', outputs: recorder.outputs, usage: recorder.usage }, { feed, experimentRow })
    return 'ended'
  } catch (error) {
    if (signal.aborted) return await leaveAborted(app, run.id, workerId, signal, recorder, writer, exit)
    const hit = watch?.hit
    if (hit) {
      // Paused at a breakpoint: the superstep that ended is committed (the watch held the workflow until it was); park on its checkpoint.
      await recorder.flush()
      writer.write('breakpoint_hit', { ...hit }).catch(() => {})
      return await park(
        app,
        run.id,
        workerId,
        { pending: [breakpointRequest(hit)], usage: recorder.usage },
        writer,
        hit.checkpointId,
        nodeTitles(await document),
      )
    }
    const message = error instanceof Error ? error.message : String(error)
    await endRun(app, run.id, writer, { status: 'failed', outputs: recorder.outputs, usage: recorder.usage, error: message }, { feed, experimentRow })
    return 'ended'
  } finally {
    ended.abort(RUN_LEFT)
    await prepared?.close()
  }
}

/** A new run's resume point before any checkpoint: start over from the input after `run_started`. */
function resumeFromInput(first: number, sequence: number) {
  return { sql: `resume_point_${first} AS (UPDATE "Run" SET "checkpointSequence" = $${first}::int WHERE id = $1)`, params: [sequence] }
}

async function clearParkedRequests(app: AppContext, runId: string): Promise<void> {
  await app.db.sql.query(`UPDATE "Run" SET "parkedRequests" = NULL WHERE id = $1`, [runId])
}

/**
 * The workflow waits for people: each request becomes an approval, the resume point becomes the
 * checkpoint that holds the requests, and the run leaves the worker until they are answered.
 */
async function park(
  app: AppContext,
  runId: string,
  workerId: string,
  { pending: requests, usage }: Pick<RunRecorder, 'pending' | 'usage'>,
  writer: RunEventWriter,
  /** The checkpoint that holds the requests. */
  checkpointId: string | undefined,
  titleOf: (executorId: string) => string,
): Promise<RunExit> {
  if (checkpointId === undefined) throw new Error('The workflow waits for people but no checkpoint holds its requests.')
  await openRequestApprovals(app, runId, requests, writer, titleOf)
  // The tokens so far go with the resume point: the run page shows them while it waits, and the continued run adds to them.
  await app.db.sql.query(`UPDATE "Run" SET "checkpointId" = $2, "checkpointSequence" = $3, usage = $4::jsonb WHERE id = $1`, [
    runId,
    checkpointId,
    writer.lastSequence,
    usage === undefined ? null : JSON.stringify(usage),
  ])
  await scheduleApprovalExpiry(app.db.sql, runId)
  await parkRun(app.db.sql, runId, workerId, requests)
  return 'parked'
}

interface RunOutcome {
  status: 'succeeded' | 'failed'
  outputs: unknown[]
  usage?: UsageDetails
  error?: string
}

/**
 * Records the outcome, once, in one statement with whatever the run's writer still holds (see
 * endedStatement for why a cancel cannot be overwritten). Open approvals are closed first.
 */
export async function endRun(
  app: AppContext,
  runId: string,
  writer: RunEventWriter | undefined,
  outcome: RunOutcome,
  { feed, experimentRow = false }: { feed?: LocalRunFeed; experimentRow?: boolean } = {},
): Promise<void> {
  // A run succeeds only with every request answered (see run-lease.ts); a failing one may leave some open.
  if (outcome.status === 'failed') await app.approvals.expirePendingForRun(runId, 'The run failed before the request was answered.', 'run_failed')
  // Outputs and errors carry what tools and servers said: configured secrets are cut out before they are stored.
  const redactor = await app.secretScopes.forRun(runId)
  const outputs = redactor.redactValue(outcome.outputs)
  // A failure message may quote a NUL a tool sent, which no text column holds: storing it raw would fail the run's end.
  const error = outcome.error === undefined ? null : storableText(redactor.redact(outcome.error))
  const [type, data] = outcome.status === 'succeeded' ? (['run_succeeded', { outputs }] as const) : (['run_failed', { error }] as const)
  const ending = { status: outcome.status, outputs: jsonbSafeText(outputs), usage: outcome.usage === undefined ? null : JSON.stringify(outcome.usage), error }
  // The run's worker ends it with its last batch (the last superstep's events and checkpoint): one statement, not two.
  // An experiment row's run's statement also queues the experiment's step (endedStatement), so it commits alone (group-commit.ts).
  const local = { status: outcome.status, outputs, usage: (outcome.usage as TokenUsage | undefined) ?? null, error }
  // Readers here find the outcome with the final event, which the writer hands to the feed before they are woken.
  feed?.ending(local)
  const final = writer
    ? await writer.end(type, data, (first) => endedStatement(first, ending), { alone: experimentRow })
    : await endAlone(app, runId, type, data, ending)
  if (final) feed?.ended(final, local)
}

/** The run's outcome as the parameters of its `ended` statement. */
interface Ending {
  status: RunOutcome['status']
  /** JSON text. */
  outputs: string
  usage: string | null
  error: string | null
}

/**
 * The CTE `ended`: the status changes only if the run is still running or waiting (a cancel may
 * have won), and only then is the final event stored (RunEventLog.insertNumbered), so a run never
 * ends with two contradictory final events, nor with a status and no final event. An experiment
 * row's run queues its experiment's next step in the same statement (a data-modifying CTE's
 * RETURNING is computed whoever reads it): the row is scored, and the next row started, as soon
 * as the end commits, with no statement more.
 */
function endedStatement(first: number, ending: Ending): BatchStatement {
  return {
    sql: `ended AS (
      UPDATE "Run" SET status = $${first}::"RunStatus", outputs = $${first + 1}::jsonb, usage = $${first + 2}::jsonb, error = $${first + 3},
        "finishedAt" = now(), "updatedAt" = now(), "workerId" = NULL, "parkedRequests" = NULL
      WHERE id = $1 AND status IN ('running', 'waiting')
      RETURNING id, followed, "followerProcess", ${WAKE_EXPERIMENT_OF_ENDED_RUN})`,
    params: [ending.status, ending.outputs, ending.usage, ending.error],
  }
}

/** Ends a run without its writer (recording the run failed and the worker tries once more): the final event goes after whatever is stored. */
async function endAlone(app: AppContext, runId: string, type: string, data: unknown, ending: Ending): Promise<RunEvent | undefined> {
  const { data: stored, payload } = await app.events.prepareEvent(runId, data)
  for (let attempt = 1; ; attempt++) {
    const sequence = (await app.events.lastSequence(runId)) + 1
    try {
      const [final] = await app.db.sql.query<{ sequence: number; createdAt: Date } & FollowMark>(
        `WITH ${endedStatement(3, ending).sql},
         final AS (
           INSERT INTO "RunEvent" ("runId", sequence, type, data, "createdAt")
           SELECT id, $2, $7, $8::jsonb, now() FROM ended
           RETURNING sequence, "createdAt")
         SELECT sequence, "createdAt", (SELECT followed FROM ended) AS followed, (SELECT "followerProcess" FROM ended) AS "followerProcess" FROM final`,
        [runId, sequence, ending.status, ending.outputs, ending.usage, ending.error, type, payload],
      )
      if (!final) return undefined
      // Other processes hear of the end only if readers there follow the run (RunEventLog.othersFollow).
      app.events.announce(runId, app.events.othersFollow(final), final.sequence)
      return { sequence: final.sequence, type, data: stored, createdAt: new Date(final.createdAt).toISOString() }
    } catch (failure) {
      if (!isUniqueViolation(failure) || attempt >= 50) throw failure
    }
  }
}

async function leaveAborted(
  app: AppContext,
  runId: string,
  workerId: string,
  signal: AbortSignal,
  recorder: RunRecorder,
  writer: RunEventWriter,
  /** An `exit` run: what it holds is dropped, and it restarts from its input (its held checkpoint may not match its last pointer). */
  exit: boolean,
): Promise<RunExit> {
  // Shutting down: another worker (or this one, restarted) resumes the run from its checkpoint.
  if (isWorkerShutdown(signal.reason)) {
    if (!exit) await recorder.flush().catch(() => {})
    await releaseRun(app.db.sql, runId, workerId)
    return 'released'
  }
  // Lost the lease: someone else holds the run now; nothing more is ours to write.
  if (isLeaseLost(signal.reason)) return 'released'
  // RunService.cancel wrote the status and the run_cancelled event; anything still open is closed here.
  await writer.flush().catch(() => {})
  await app.approvals.expirePendingForRun(runId, 'The run was cancelled.', 'run_cancelled')
  return 'ended'
}

/** The settings of a turn's agent that decide how its conversation is opened. */
function turnAgent(document: GraphDocument): AgentSettings | undefined {
  const agent = document.nodes.find((node) => node.id === TURN_AGENT_NODE_ID)
  return agent?.kind === 'agent' ? agent.data : undefined
}
