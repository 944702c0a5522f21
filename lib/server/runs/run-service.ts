/**
 * Runs of saved workflow versions (and conversation turns, queued by conversation-service.ts): queue one, read it, list them, cancel one. Executing is the
 * worker's job (run-worker.ts); this module only writes the rows and events a person sees.
 * A run belongs to who started it; anyone else but an admin gets the 404 of a missing run.
 */
import type { RunDetail, RunGraph, RunStatus, RunSummary, RunTriggerKind, RunView } from '@/lib/contracts/runs'
import { durabilityOf, type DurabilityMode } from '@/lib/contracts/durability'
import type { RunTrigger } from '@/lib/contracts/triggers'
import type { RunDebug } from '@/lib/contracts/run-debug'
import { inputProblemsText, parseGraphDocument, runInputProblems, singleNodeDocument, type GraphDocument } from '@/lib/graph'
import { presentApproval } from '../approvals/approval-broker'
import type { AppContext } from '../app-context'
import type { WorkspaceRole } from '@/lib/contracts/workspace-roles'
import { nameOwnerFrom } from '../auth/name-owner'
import { forbidden, hasRole, isAdmin, requireRole, visibleTo, workspacesWithRole, type Principal, type WorkspaceScope } from '../auth/principal'
import { conflict, invalidInput, notFound } from '../domain-errors'
import { jsonbSafeText } from '../db/jsonb'
import { checkDocument, invalidGraph, visibleWorkflows } from '../workflows/workflow-service'
import { environmentFactsKey, loadDocumentFacts, namesServerFacts } from '../workflows/document-facts'
import type { CheckedVersionKey } from './checked-versions'
import { WorkflowPinService } from '../workflows/workflow-pins'
import { turnDocument } from '../conversations/turn-document'
import { RUN_CANCEL_CHANNEL } from './queue/run-queue'
import { answerCallsOfStoppedTurn } from '../conversations/unanswered-calls'
import { claimColumns, claimedAtInsert, type InsertedRunRow } from './queue/run-now'
import { WAKE_EXPERIMENT_OF_ENDED_RUN } from './queue/experiment-step-queue'

/** For a run someone waits for: start it at once in this process if its worker has a free slot (run-now.ts). */
export interface RunNowOption {
  runNow?: boolean
  /** What started it, when not a person (issue #32): stored on the run; `key` makes it one run per key (a schedule's fire time). */
  trigger?: { value: RunTrigger; id: string; key?: string }
  /** A published workflow's run: the visitor who submitted it (only they follow it on the form page). */
  visitorId?: string
  /** An experiment row's run: its end queues the experiment's next step (runs/queue/experiment-step-queue.ts). */
  experimentId?: string
}

/** A start node that declares input fields takes a JSON object matching them: anything else is refused with its problems (400). */
function refuseUnfitInput(document: GraphDocument, input: string): void {
  const problems = runInputProblems(document, input)
  if (problems.length === 0) return
  throw invalidInput('invalid_run_input', `The input does not match the workflow's input fields: ${inputProblemsText(problems)}`, { param: 'input', problems })
}

/** The request checked against its version's document (its debug settings, its input): the document's node ids, or the 400. */
function refuseUnfitRequest(document: GraphDocument, input: { input: string; debug?: RunDebug }): ReadonlySet<string> {
  if (input.debug) refuseUnfitDebug(document, input.debug)
  // One node's run takes any input: what the node is sent, not the start's declared fields.
  if (input.debug?.node === undefined) refuseUnfitInput(document, input.input)
  return new Set(document.nodes.map((node) => node.id))
}

/** refuseUnfitRequest's node ids, or undefined where it would refuse. */
function requestFits(document: GraphDocument, input: { input: string; debug?: RunDebug }): ReadonlySet<string> | undefined {
  try {
    return refuseUnfitRequest(document, input)
  } catch {
    return undefined
  }
}

/** A turn's graph is its agent as a one-agent document; an agent version that no longer parses shows no nodes. */
function turnGraph(definition: unknown): RunGraph {
  try {
    return turnDocument(definition) as unknown as RunGraph
  } catch {
    return { schemaVersion: 1, nodes: [], edges: [] }
  }
}

export type RunRow = {
  id: string
  workflowId: string | null
  agentId: string | null
  conversationId: string | null
  workspaceId: string | null
  status: RunStatus
  durability: string | null
  input: unknown
  outputs: unknown
  error: string | null
  usage: unknown
  createdAt: Date
  startedAt: Date | null
  finishedAt: Date | null
  trigger?: unknown
  workflow: { name: string } | null
  version: { version: number; graph?: unknown } | null
  agent?: { name: string } | null
  agentVersion?: { version: number; definition?: unknown } | null
}

/** What the run ran, for its views: a workflow version, or (a conversation turn) an agent version. */
export const RUN_SUBJECT = {
  workflow: { select: { name: true } },
  version: { select: { version: true } },
  agent: { select: { name: true } },
  agentVersion: { select: { version: true } },
} as const

export function presentSummary(row: RunRow): RunSummary {
  const turn = row.agentId !== null
  return {
    id: row.id,
    kind: turn ? 'turn' : 'workflow',
    workflowId: (turn ? row.agentId : row.workflowId) ?? '',
    workflowName: (turn ? row.agent?.name : row.workflow?.name) ?? '',
    version: (turn ? row.agentVersion?.version : row.version?.version) ?? 0,
    conversationId: turn ? row.conversationId : null,
    workspaceId: row.workspaceId,
    status: row.status,
    durability: durabilityOf(row.durability),
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    ...(row.trigger ? { trigger: row.trigger as RunTrigger } : {}),
  }
}

/** A turn's input is its message (turn-document.ts stores it with where the conversation stood). */
function inputText(row: RunRow): string {
  if (row.agentId !== null && typeof row.input === 'object' && row.input !== null && typeof (row.input as { text?: unknown }).text === 'string') {
    return (row.input as { text: string }).text
  }
  return typeof row.input === 'string' ? row.input : JSON.stringify(row.input)
}

function presentDetail(row: RunRow): RunDetail {
  return {
    ...presentSummary(row),
    input: inputText(row),
    outputs: (row.outputs as unknown[] | null) ?? null,
    error: row.error,
    usage: (row.usage as Record<string, number> | null) ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
  }
}

export class RunService {
  constructor(private readonly app: AppContext) {}

  private get prisma() {
    return this.app.db.prisma
  }

  /**
   * Queues a run of a workflow the principal may see (404 otherwise); the run is theirs. One
   * statement writes the run, its `run_queued` event and its job, so a run is never queued without
   * its first event nor stored without a job. `runNow` (someone waits for the run): when this
   * process's worker has a free slot, the run is inserted claimed by it instead of queued, and
   * starts at once here (run-now.ts).
   */
  async create(
    principal: Principal,
    input: { workflowId: string; version?: number; input: string; durability?: DurabilityMode; debug?: RunDebug },
    options: RunNowOption = {},
  ): Promise<RunSummary> {
    const key: CheckedVersionKey = { workflowId: input.workflowId, version: input.version, environment: environmentFactsKey() }
    const checked = this.app.checkedVersions.get(key)
    // A version this process checked before: only the request is checked, and the insert is the one statement. A
    // request that does not fit goes the first create's way, which says so only to a principal who may see the workflow.
    const nodeIds = checked && requestFits(checked.document, input)
    if (checked && nodeIds) {
      const summary = await this.insert(principal, await this.withPins(input, nodeIds), options, checked.versionId)
      if (summary) return summary
      // What was asked for is another version now (a newer save of the latest): checked as at a first create.
      this.app.checkedVersions.forget(key)
    }
    const document = await this.refuseWhatCanOnlyFail(principal, input, key)
    const summary = await this.insert(principal, document ? await this.withPins(input, refuseUnfitRequest(document, input)) : input, options)
    // Without an expected version the insert either writes the run or throws.
    return summary!
  }

  /** A debug run takes the workflow's pinned outputs (its request's own win); no other run ever sees them. */
  private async withPins<T extends { workflowId: string; debug?: RunDebug }>(input: T, nodeIds: ReadonlySet<string>): Promise<T> {
    if (!input.debug) return input
    return { ...input, debug: await new WorkflowPinService(this.app).pinsForDebugRun(input.workflowId, input.debug, nodeIds) }
  }

  /**
   * Writes the run (see create) in one statement. With `expectedVersionId`, only if the version asked for is still that
   * one: undefined when it is not (nothing written). Throws the 404 or 403 of a version the principal cannot run.
   */
  private async insert(
    principal: Principal,
    input: { workflowId: string; version?: number; input: string; durability?: DurabilityMode; debug?: RunDebug },
    { runNow = false, trigger, visitorId, experimentId }: RunNowOption,
    expectedVersionId?: string,
  ): Promise<RunSummary | undefined> {
    // Where the principal may run (a workflow seen but not runnable finds no version, and missingVersion says 403).
    const runnable = workspacesWithRole(principal, 'runner') ?? null
    const slot = runNow ? this.app.localWorker?.reserve() : undefined
    type Inserted = Omit<InsertedRunRow, 'id'> & { id: string | null; version: number; name: string; createdAt: Date; queuedData: unknown }
    let row: Inserted | undefined
    try {
      ;[row] = await this.app.db.sql.query<Inserted>(
        `WITH version AS (
           SELECT v.id, v.version, w.id AS "workflowId", w.name, w.settings, w."ownerId", w."workspaceId" FROM "WorkflowVersion" v JOIN "Workflow" w ON w.id = v."workflowId"
           WHERE w.id = $1 AND w."deletedAt" IS NULL AND ($2::int IS NULL OR v.version = $2) AND ($3::text[] IS NULL OR w."workspaceId" = ANY($3::text[]))
           ORDER BY v.version DESC LIMIT 1),
         run AS (
           INSERT INTO "Run" (id, "workflowId", "versionId", input, "ownerId", "workspaceId", ${claimColumns.names}, durability, "trigger", "triggerId", "triggerKey", debug, "visitorId", "workspaceScoped", "experimentId", "createdAt", "updatedAt")
           SELECT gen_random_uuid(), "workflowId", id, $4::jsonb, $5, "workspaceId", ${claimColumns.values('$6')},
             CASE WHEN $11::jsonb IS NULL THEN COALESCE($7::text, CASE WHEN settings->>'durability' IN ('sync', 'async', 'exit') THEN settings->>'durability' END, 'sync') ELSE 'sync' END,
             $8::jsonb, $9, $10, $11::jsonb, $12, $13, $14, now(), now()
           FROM version WHERE $15::text IS NULL OR version.id = $15::text
           RETURNING id, "createdAt", input, "versionId", "workflowId", "workspaceId", durability, debug, "experimentId"),
         queued AS (
           INSERT INTO "RunEvent" ("runId", sequence, type, data, "createdAt")
           SELECT run.id, 1, 'run_queued', json_build_object('workflowId', $1::text, 'version', version.version)::jsonb, now() FROM run, version
           RETURNING "runId", data)
         SELECT run.id, run.input, run."versionId", NULL AS "agentVersionId", NULL AS "conversationId", run."workflowId", version.settings AS "workflowSettings", run.durability, run.debug, run."experimentId",
           version.version, version.name, run."createdAt", queued.data AS "queuedData",
           run."workspaceId", version."workspaceId" AS "nameWorkspaceId", (SELECT role FROM "User" WHERE id = version."ownerId") AS "nameOwnerRole",
           ${claimColumns.wakeWorkers('$6')} AS woke
         FROM version LEFT JOIN run ON true LEFT JOIN queued ON true`,
        [
          input.workflowId,
          input.version ?? null,
          runnable,
          JSON.stringify(input.input),
          principal.userId,
          slot?.workerId ?? null,
          input.durability ?? null,
          trigger ? JSON.stringify(trigger.value) : null,
          trigger?.id ?? null,
          trigger?.key ?? null,
          // A debug run commits every superstep (sync): a breakpoint pauses on a committed checkpoint.
          input.debug === undefined ? null : jsonbSafeText(input.debug),
          visitorId ?? null,
          // Held to its workspace unless an admin started it (workspaceRunner's principals are members).
          !isAdmin(principal),
          experimentId ?? null,
          expectedVersionId ?? null,
        ],
      )
    } finally {
      if (!row?.id) slot?.release()
    }
    if (!row) throw await this.missingVersion(principal, input)
    if (row.id === null) return undefined
    const inserted = { ...row, id: row.id }
    const createdAt = new Date(row.createdAt).toISOString()
    slot?.start(claimedAtInsert(inserted, principal), { sequence: 1, type: 'run_queued', data: row.queuedData, createdAt })
    return {
      id: inserted.id,
      kind: 'workflow',
      workflowId: input.workflowId,
      workflowName: row.name,
      version: row.version,
      conversationId: null,
      workspaceId: row.workspaceId,
      status: slot ? 'running' : 'queued',
      durability: durabilityOf(row.durability),
      createdAt,
      finishedAt: null,
      ...(trigger ? { trigger: trigger.value } : {}),
    }
  }

  /**
   * A saved version passed the document's own checks, but what the server offers may have changed
   * since (a key removed, a server or skill deleted, a sub-workflow that now leads back here): a
   * run that can only fail is refused with the problems the editor shows (400 `invalid_graph`).
   */
  private async refuseWhatCanOnlyFail(
    principal: Principal,
    input: { workflowId: string; version?: number },
    key: CheckedVersionKey,
  ): Promise<GraphDocument | undefined> {
    // One statement: the version with whose names it uses (its workflow's workspace, and whether an admin made it).
    const [row] = await this.app.db.sql.query<{ id: string; graph: unknown; workspaceId: string | null; ownerRole: string | null }>(
      `SELECT v.id, v.graph, w."workspaceId", u.role AS "ownerRole"
       FROM "WorkflowVersion" v JOIN "Workflow" w ON w.id = v."workflowId" LEFT JOIN "User" u ON u.id = w."ownerId"
       WHERE v."workflowId" = $1 AND ($2::int IS NULL OR v.version = $2) AND w."deletedAt" IS NULL AND ($3::text[] IS NULL OR w."workspaceId" = ANY($3::text[]))
       ORDER BY v.version DESC LIMIT 1`,
      [input.workflowId, input.version ?? null, isAdmin(principal) ? null : principal.memberships.map((member) => member.workspaceId)],
    )
    // No such version: the insert below finds none either and answers 404.
    if (!row) return undefined
    // Parsed once. A graph that does not parse is refused whatever the facts; of these, only the ones the graph names
    // are read (one statement at most).
    const parsed = parseGraphDocument(row.graph)
    if (!parsed.ok) throw invalidGraph(parsed.problems)
    const facts = await loadDocumentFacts(this.app, principal, parsed.document, nameOwnerFrom(row.workspaceId, row.ownerRole))
    const document = checkDocument(parsed.document, { facts, workflowId: input.workflowId })
    // A check that read nothing but the graph and the environment holds for every later create of this version.
    if (!namesServerFacts(document)) this.app.checkedVersions.remember(key, { versionId: row.id, document })
    return document
  }

  /** Why nothing was queued: the principal cannot see the workflow (or it does not exist), may not run it (403), or it has no such version. */
  private async missingVersion(principal: Principal, input: { workflowId: string; version?: number }): Promise<Error> {
    const workflow = await this.prisma.workflow.findFirst({
      where: { id: input.workflowId, ...visibleWorkflows(principal) },
      select: { id: true, workspaceId: true },
    })
    if (!workflow) return notFound('Workflow', input.workflowId)
    if (!hasRole(principal, workflow.workspaceId, 'runner')) return forbidden(principal, workflow.workspaceId, 'runner')
    return notFound('Version', `${input.workflowId}@${input.version ?? 'latest'}`)
  }

  async list(
    principal: Principal,
    filter: { workflowId?: string; status?: RunStatus; limit: number; workspaceId?: string; triggerId?: string; trigger?: RunTriggerKind },
  ): Promise<RunSummary[]> {
    const rows = await this.prisma.run.findMany({
      where: {
        ...visibleTo(principal),
        workflowId: filter.workflowId ?? { not: null },
        ...(filter.triggerId ? { triggerId: filter.triggerId } : {}),
        // Schedules and webhooks record their kind; a run started by a person or a client records none.
        ...(filter.trigger === 'manual' ? { triggerId: null } : filter.trigger ? { trigger: { path: ['kind'], equals: filter.trigger } } : {}),
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.workspaceId === undefined ? {} : { AND: [{ workspaceId: filter.workspaceId }] }),
      },
      orderBy: { createdAt: 'desc' },
      take: filter.limit,
      include: RUN_SUBJECT,
    })
    return rows.map(presentSummary)
  }

  async get(principal: Principal, id: string): Promise<RunView> {
    return this.view(id, visibleTo(principal))
  }

  /**
   * The run behind a live share link, whoever asks: the link itself is the permission. Only the
   * share service calls this, and it sanitises what it hands out.
   */
  async getShared(id: string): Promise<RunView> {
    return this.view(id, {})
  }

  private async view(id: string, visible: WorkspaceScope): Promise<RunView> {
    const row = await this.prisma.run.findFirst({
      where: { id, ...visible },
      include: {
        ...RUN_SUBJECT,
        version: { select: { version: true, graph: true } },
        agentVersion: { select: { version: true, definition: true } },
        approvals: { orderBy: { createdAt: 'asc' } },
      },
    })
    if (!row) throw notFound('Run', id)
    const graph = row.agentVersion ? turnGraph(row.agentVersion.definition) : (row.version?.graph as unknown as RunGraph)
    return { run: presentDetail(row), graph, approvals: row.approvals.map(presentApproval) }
  }

  /** The run's status; 404 for a run the principal cannot see, 403 when their role in its workspace is less than `role`. */
  async status(principal: Principal, id: string, role: WorkspaceRole = 'viewer'): Promise<RunStatus> {
    const row = await this.prisma.run.findFirst({ where: { id, ...visibleTo(principal) }, select: { status: true, workspaceId: true } })
    if (!row) throw notFound('Run', id)
    requireRole(principal, row.workspaceId, role)
    return row.status
  }

  /**
   * For a reader about to follow the run's events (GET /api/runs/:id/events): the 404 of status(), and the run marked
   * followed in the same statement (RunEventLog.followAs), so the stream that follows need not mark it.
   * Marked only where the reader sees the run, and committed before the stream's first read, as that mark must be;
   * not while this process executes it (its events reach the stream here, and no other process need be told of its
   * batches): the stream marks it once it leaves (run-event-stream.ts). A viewer may read any run they see, so there
   * is no role to ask.
   */
  async follow(principal: Principal, id: string): Promise<{ status: RunStatus; marked: boolean }> {
    const feed = this.app.localWorker?.feedOf(id)
    const mark = !feed || feed.closed
    const status = await this.app.events.followAs(id, workspacesWithRole(principal, 'viewer') ?? null, { mark })
    if (!status) throw notFound('Run', id)
    return { status, marked: mark }
  }

  /**
   * Cancels a queued, running or parked run. The same statement notifies the worker holding it
   * (any process), which aborts its model calls, tool calls and MCP tasks at once, and queues the
   * next step of the experiment whose row it is, if it is one's.
   */
  async cancel(principal: Principal, id: string): Promise<RunSummary> {
    const visible = { id, ...visibleTo(principal) }
    const row = await this.prisma.run.findFirst({ where: visible, include: RUN_SUBJECT })
    if (!row) throw notFound('Run', id)
    requireRole(principal, row.workspaceId, 'runner')
    const cancelled = await this.app.db.sql.query<{ id: string }>(
      `WITH cancelled AS (
         UPDATE "Run" SET status = 'cancelled', "finishedAt" = now(), "updatedAt" = now(), "parkedRequests" = NULL, "readyAt" = NULL
         WHERE id = $1 AND status IN ('queued', 'running', 'waiting') RETURNING id, "experimentId")
       SELECT id, pg_notify('${RUN_CANCEL_CHANNEL}', id), ${WAKE_EXPERIMENT_OF_ENDED_RUN} FROM cancelled`,
      [id],
    )
    if (cancelled.length === 0) {
      const current = await this.prisma.run.findUniqueOrThrow({ where: { id }, select: { status: true } })
      throw conflict('run_finished', `The run already ended (${current.status}).`)
    }
    // Close its open approvals first, so that run_cancelled stays the run's last event: the
    // worker, stopping, finds them already closed.
    await this.app.approvals.expirePendingForRun(id, 'The run was cancelled.', 'run_cancelled')
    this.app.activeRuns.get(id)?.abort()
    // A conversation turn: what it asked of its tools gets a result, so that the conversation can go on.
    if (row.conversationId !== null) await answerCallsOfStoppedTurn(this.app, row.conversationId, row.input)
    await this.app.events.append(id, 'run_cancelled', {})
    return { ...presentSummary(row), status: 'cancelled', finishedAt: new Date().toISOString() }
  }
}

/** A debug run's breakpoints and pins name nodes of the version it runs; one node's run needs a node that can run alone. */
function refuseUnfitDebug(document: GraphDocument, debug: RunDebug): void {
  const ids = new Set(document.nodes.map((node) => node.id))
  const unknown = [...debug.breakpoints.map((b) => b.nodeId), ...Object.keys(debug.pinned)].filter((id) => !ids.has(id))
  if (unknown.length > 0)
    throw invalidInput('invalid_request', `The workflow has no node ${[...new Set(unknown)].map((id) => `'${id}'`).join(', ')}.`, { nodeIds: unknown })
  if (debug.node === undefined) return
  const single = singleNodeDocument(document, debug.node)
  if (!single.ok) throw invalidInput('invalid_request', single.message)
}
