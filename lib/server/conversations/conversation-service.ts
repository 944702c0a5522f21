/**
 * Conversations with agents: a Conversation of kind `conversation`, owned by a person, whose
 * messages PostgresHistoryProvider stores. Sending a message queues one turn: a Run with the
 * agent's latest version and the conversation, on the same queue as workflow runs (the worker runs
 * it as a one-agent workflow, turn-document.ts), or, when someone waits for the reply and this
 * process's worker has a free slot, starts it there at once (runs/queue/run-now.ts). One turn at a time: a second send while one is
 * queued, running or waiting for an approval is a 409. Others get the 404 of a missing id.
 */
import { randomUUID } from 'node:crypto'
import { isDeepStrictEqual } from 'node:util'
import type {
  ConversationDetail,
  ConversationExport,
  ConversationList,
  ConversationSummary,
  ConversationTurn,
  MessagePage,
  SentMessage,
  StoredChatMessage,
} from '@/lib/contracts/conversations'
import type { RunStatus, TokenUsage } from '@/lib/contracts/runs'
import type { AppContext } from '../app-context'
import { hasRole, isAdmin, requireRole, runScope, visibleTo, workspacesWithRole, type Principal } from '../auth/principal'
import { Message } from '@/lib/core'
import { AgentSettingsSchema, parseGraphDocument, type AgentSettings } from '@/lib/graph'
import { AgentService, parseAgentDefinition } from '../agents/agent-service'
import { conflict, DomainError, invalidInput, notFound } from '../domain-errors'
import type { RunEvent } from '@/lib/contracts/run-events'
import type { ClaimedRun } from '../runs/queue/run-lease'
import { claimColumns, claimedAtInsert, type InsertedRunRow } from '../runs/queue/run-now'
import { conversationMarkdown } from './conversation-markdown'
import { runAgentConversationId } from './run-agent-conversations'
import { turnHistoryExpression, turnStartOf } from './agent-conversation'
import { turnInputSchema, type ReplyFormat } from './turn-document'

type ConversationRow = {
  id: string
  agentId: string | null
  agentVersion: number | null
  title: string
  originRunId: string | null
  originNodeId: string | null
  publicationId: string | null
  createdAt: Date
  updatedAt: Date
}

function presentSummary(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    agentId: row.agentId ?? '',
    title: row.title,
    originRunId: row.originRunId,
    originNodeId: row.originNodeId,
    pinnedVersion: row.agentVersion,
    publicationId: row.publicationId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** A turn sent by the Responses endpoint may name the agent's version, and add instructions and a reply format for it alone. */
export interface SendOptions {
  /** Without it, the agent's latest version. */
  version?: number
  /** Appended to the agent's instructions for this turn (turn-document.ts). */
  instructions?: string
  /** The JSON reply asked for this turn, in place of the agent's own structured output (turn-document.ts). */
  replyFormat?: ReplyFormat
  /** Someone waits for the reply: start the turn at once in this process if its worker has a free slot (runs/queue/run-now.ts). */
  runNow?: boolean
  /**
   * The visitor of a published agent who sends (publications/visitor-chat.ts). A visitor's conversation takes turns from
   * that visitor only: the workspace's members read it, but a message of theirs would put words in the visitor's chat.
   */
  visitorId?: string
}

/** A message said before a new conversation's first turn, given by a client that kept the conversation so far itself. */
export interface EarlierTurnMessage {
  role: 'user' | 'assistant'
  text: string
}

const ACTIVE: RunStatus[] = ['queued', 'running', 'waiting']

/** Sums token counts key by key (lib/core UsageDetails: input, output, total and any others). */
export function addTokenUsage(total: TokenUsage, usage: TokenUsage | null): TokenUsage {
  if (!usage) return total
  const sum: Record<string, number> = { ...total }
  for (const [key, value] of Object.entries(usage)) if (typeof value === 'number') sum[key] = (sum[key] ?? 0) + value
  return sum
}

function storedMessage(row: { position: number; message: string; createdAt: Date }): StoredChatMessage {
  return { position: row.position, message: JSON.parse(row.message) as StoredChatMessage['message'], createdAt: row.createdAt.toISOString() }
}

function turnInput(input: unknown): { text: string; historyStart: number } {
  const parsed = turnInputSchema.safeParse(input)
  return parsed.success ? parsed.data : { text: '', historyStart: 0 }
}

export class ConversationService {
  constructor(private readonly app: AppContext) {}

  private get prisma() {
    return this.app.db.prisma
  }

  /** `version`: pins the conversation to that version of the agent; without it, every turn uses the latest. */
  async create(principal: Principal, agentId: string, input: { title: string; version?: number }): Promise<ConversationSummary> {
    const agent = await this.prisma.agent.findFirst({ where: { id: agentId, ...visibleTo(principal) }, select: { id: true, workspaceId: true } })
    if (!agent) throw notFound('Agent', agentId)
    requireRole(principal, agent.workspaceId, 'runner')
    if (input.version !== undefined) await this.requireVersion(agentId, input.version)
    const row = await this.prisma.conversation.create({
      data: {
        id: randomUUID(),
        kind: 'conversation',
        agentId,
        ownerId: principal.userId,
        workspaceId: agent.workspaceId,
        title: input.title,
        agentVersion: input.version ?? null,
      },
    })
    return presentSummary(row)
  }

  /** 404 for a version the agent does not have. */
  private async requireVersion(agentId: string, version: number): Promise<void> {
    const found = await this.prisma.agentVersion.findFirst({ where: { agentId, version }, select: { id: true } })
    if (!found) throw notFound('Version', `${agentId}@${version}`)
  }

  /** `source`: only members' conversations, or only those visitors of the agent's publications started (issue #32). */
  async list(principal: Principal, agentId: string, source?: 'members' | 'published'): Promise<ConversationList> {
    const agent = await this.prisma.agent.findFirst({ where: { id: agentId, ...visibleTo(principal) }, select: { id: true } })
    if (!agent) throw notFound('Agent', agentId)
    const bySource = source === undefined ? {} : { publicationId: source === 'published' ? { not: null } : null }
    const rows = await this.prisma.conversation.findMany({
      where: { agentId, kind: 'conversation', ...visibleTo(principal), ...bySource },
      orderBy: { updatedAt: 'desc' },
      take: 500,
    })
    return rows.map(presentSummary)
  }

  private async find(principal: Principal, id: string) {
    const row = await this.prisma.conversation.findFirst({
      where: { id, kind: 'conversation', ...visibleTo(principal) },
      include: { agent: { select: { name: true } } },
    })
    if (!row) throw notFound('Conversation', id)
    return row
  }

  async get(principal: Principal, id: string): Promise<ConversationDetail> {
    const row = await this.find(principal, id)
    const [runs, messageCount, latest] = await Promise.all([
      this.prisma.run.findMany({
        where: { conversationId: id },
        orderBy: { createdAt: 'asc' },
        select: { id: true, status: true, input: true, usage: true, error: true, createdAt: true, agentVersion: { select: { version: true } } },
      }),
      this.prisma.chatMessage.count({ where: { conversationId: id } }),
      row.agentId === null
        ? null
        : this.prisma.agentVersion.findFirst({ where: { agentId: row.agentId }, orderBy: { version: 'desc' }, select: { version: true } }),
    ])
    const turns: ConversationTurn[] = runs.map((run) => ({
      runId: run.id,
      status: run.status,
      ...turnInput(run.input),
      version: run.agentVersion?.version ?? null,
      usage: (run.usage as TokenUsage | null) ?? null,
      error: run.error,
      createdAt: run.createdAt.toISOString(),
    }))
    return {
      ...presentSummary(row),
      agentName: row.agent?.name ?? '',
      latestVersion: latest?.version ?? null,
      messageCount,
      turns,
      usage: turns.reduce<TokenUsage>((total, turn) => addTokenUsage(total, turn.usage), {}),
      activeRunId: turns.findLast((turn) => ACTIVE.includes(turn.status))?.runId ?? null,
    }
  }

  /** One page, newest first: one query on the (conversationId, position) index whatever the conversation's length. */
  async messages(principal: Principal, id: string, page: { before?: number; limit: number }): Promise<MessagePage> {
    await this.find(principal, id)
    const rows = await this.app.db.sql.query<{ position: number; message: string; createdAt: Date }>(
      `SELECT position, message, "createdAt" FROM "ChatMessage" WHERE "conversationId" = $1 AND position < $2 ORDER BY position DESC LIMIT $3`,
      [id, page.before ?? 2_147_483_647, page.limit],
    )
    rows.reverse()
    const oldest = rows[0]?.position
    // Stored redacted (agent-conversation.ts); this also catches rows from before and secrets configured since, with the conversation's own only.
    const redactor = await this.app.secretScopes.forConversation(id)
    return {
      messages: redactor.redactValue(rows.map(storedMessage)),
      nextBefore: oldest !== undefined && oldest > 0 && rows.length === page.limit ? oldest : null,
    }
  }

  /** Renames it, and/or pins it to a version of its agent (null: back to following the latest). */
  async update(principal: Principal, id: string, changes: { title?: string; version?: number | null }): Promise<ConversationSummary> {
    const row = await this.find(principal, id)
    requireRole(principal, row.workspaceId, 'runner')
    if (typeof changes.version === 'number' && row.agentId !== null) await this.requireVersion(row.agentId, changes.version)
    const data = {
      ...(changes.title === undefined ? {} : { title: changes.title }),
      ...(changes.version === undefined ? {} : { agentVersion: changes.version }),
    }
    return presentSummary(await this.prisma.conversation.update({ where: { id }, data }))
  }

  /** Deletes the conversation, its messages and its turns (a running turn is cancelled first). */
  async delete(principal: Principal, id: string): Promise<void> {
    requireRole(principal, (await this.find(principal, id)).workspaceId, 'runner')
    const active = await this.prisma.run.findMany({ where: { conversationId: id, status: { in: ACTIVE } }, select: { id: true } })
    for (const run of active) await this.app.approvals.expirePendingForRun(run.id, 'The conversation was deleted.', 'run_cancelled')
    await this.app.db.sql.query(
      `WITH cancelled AS (UPDATE "Run" SET status = 'cancelled', "finishedAt" = now(), "updatedAt" = now(), "readyAt" = NULL WHERE "conversationId" = $1 AND status IN ('queued', 'running', 'waiting') RETURNING id)
       SELECT pg_notify('agentloom_run_cancel', id) FROM cancelled`,
      [id],
    )
    for (const run of active) this.app.activeRuns.get(run.id)?.abort()
    // deleteMany: a delete racing this one may have taken the row since; that is the same 404 as a missing conversation.
    const { count } = await this.prisma.conversation.deleteMany({ where: { id } })
    if (count === 0) throw notFound('Conversation', id)
  }

  /**
   * "Continue in chat": the conversation with what an agent node of a workflow run said and heard,
   * copied from its run_agent conversation. Asked again for the same run and node, it opens the conversation
   * made the first time (still there and the person's), so clicks do not pile up copies. The node's saved
   * agent when it names one the person may use; an inline agent node becomes a saved agent with the
   * node's settings (so the conversation can go on with the same instructions, model and tools), made
   * once: a later run of the same node finds it by its name and definition and reuses it.
   */
  async continueFromRun(principal: Principal, runId: string, nodeId: string): Promise<{ conversation: ConversationSummary; created: boolean }> {
    const run = await this.prisma.run.findFirst({ where: { id: runId, ...visibleTo(principal) }, include: { version: { select: { graph: true } } } })
    if (!run?.version) throw notFound('Run', runId)
    requireRole(principal, run.workspaceId, 'runner')
    const parsed = parseGraphDocument(run.version.graph)
    const node = parsed.ok ? parsed.document.nodes.find((candidate) => candidate.id === nodeId) : undefined
    if (node?.kind !== 'agent') throw invalidInput('not_an_agent_node', `The run's workflow has no agent node '${nodeId}'.`)
    const earlier = await this.prisma.conversation.findFirst({
      where: { kind: 'conversation', ownerId: principal.userId, originRunId: runId, originNodeId: nodeId },
      orderBy: { createdAt: 'asc' },
    })
    if (earlier) return { conversation: presentSummary(earlier), created: false }
    const nodeConversationId = runAgentConversationId(runId, nodeId)
    if ((await this.prisma.chatMessage.count({ where: { conversationId: nodeConversationId } })) === 0) {
      throw invalidInput('nothing_to_continue', 'This agent has not said anything in this run yet, so there is no conversation to continue.')
    }
    const label = node.data.label?.trim() || node.data.name.trim() || nodeId
    const referred = (node.data as { agentId?: unknown }).agentId
    const saved =
      typeof referred === 'string'
        ? await this.prisma.agent.findFirst({ where: { id: referred, ...visibleTo(principal) }, select: { id: true, workspaceId: true } })
        : null
    // An inline node's agent is made in the run's workspace when the person may make agents there, else in their own.
    const inlineWorkspace = hasRole(principal, run.workspaceId, 'editor') ? (run.workspaceId ?? undefined) : undefined
    const agent = saved ?? (await this.agentForInlineNode(principal, label, AgentSettingsSchema.parse(node.data), runId, inlineWorkspace))
    const agentId = agent.id
    const id = randomUUID()
    await this.prisma.$transaction([
      this.prisma.conversation.create({
        data: {
          id,
          kind: 'conversation',
          agentId,
          ownerId: principal.userId,
          workspaceId: agent.workspaceId,
          title: `${label} (from run ${runId.slice(0, 8)})`,
          originRunId: runId,
          originNodeId: nodeId,
        },
      }),
      this.prisma.$executeRaw`INSERT INTO "ChatMessage" (id, "conversationId", position, role, message, "createdAt")
        SELECT gen_random_uuid(), ${id}, position, role, message, "createdAt" FROM "ChatMessage" WHERE "conversationId" = ${nodeConversationId}`,
    ])
    return { conversation: presentSummary(await this.prisma.conversation.findUniqueOrThrow({ where: { id } })), created: true }
  }

  /**
   * The person's saved agent named `label` whose latest version has exactly the node's settings (one
   * made by an earlier "Continue in chat" from this node, in this run or another), else a new one.
   */
  private async agentForInlineNode(
    principal: Principal,
    label: string,
    settings: AgentSettings,
    runId: string,
    workspaceId: string | undefined,
  ): Promise<{ id: string; workspaceId: string | null }> {
    const definition = { ...settings, name: settings.name.trim() === '' ? label : settings.name }
    const namesakes = await this.prisma.agent.findMany({
      where: { name: label, ownerId: principal.userId, workspaceId: workspaceId ?? principal.personalWorkspaceId },
      orderBy: { createdAt: 'asc' },
      select: { id: true, workspaceId: true, versions: { orderBy: { version: 'desc' }, take: 1, select: { definition: true } } },
    })
    // Compared as stored (JSON), where a setting left undefined is simply absent.
    const stored = (value: AgentSettings) => JSON.parse(JSON.stringify(value)) as unknown
    const same = namesakes.find(
      (agent) => agent.versions[0] && isDeepStrictEqual(stored(parseAgentDefinition(agent.versions[0].definition)), stored(definition)),
    )
    if (same) return same
    const made = await new AgentService(this.prisma, this.app.secrets, this.app.outbound).create(principal, {
      name: label,
      description: `Made from the agent node "${label}" of run ${runId.slice(0, 8)}.`,
      definition,
      note: `From run ${runId}`,
      workspaceId,
    })
    return made.agent
  }

  async export(principal: Principal, id: string): Promise<ConversationExport> {
    const detail = await this.get(principal, id)
    const rows = await this.prisma.chatMessage.findMany({
      where: { conversationId: id },
      orderBy: { position: 'asc' },
      select: { position: true, message: true, createdAt: true },
    })
    const { turns: _turns, usage, messageCount: _count, activeRunId: _active, latestVersion: _latest, ...conversation } = detail
    const redactor = await this.app.secretScopes.forConversation(id)
    return { conversation, messages: redactor.redactValue(rows.map(storedMessage)), usage }
  }

  async exportMarkdown(principal: Principal, id: string): Promise<string> {
    return conversationMarkdown(await this.export(principal, id))
  }

  /**
   * Queues a turn: the run (`options.version`, else the version the conversation is pinned to, else the agent's latest;
   * this conversation, the message and the
   * conversation's length now), its `run_queued` event and its job in one statement; the unique index on a
   * conversation's active turn keeps two sends from both starting one (INSERT_TURN_SQL).
   */
  async send(principal: Principal, id: string, text: string, options: SendOptions = {}): Promise<SentMessage> {
    const slot = options.runNow ? this.app.localWorker?.reserve() : undefined
    let turn: { run: ClaimedRun; first: RunEvent } | undefined
    try {
      const sent = await this.insertTurn(principal, id, text, options, slot?.workerId ?? null)
      turn = sent.turn
      return { runId: sent.runId }
    } finally {
      if (slot && turn) slot.start(turn.run, turn.first)
      else slot?.release()
    }
  }

  /**
   * A new conversation with the agent (`options.version`, else its latest) and its first turn, in
   * one statement: the conversation row titled from the message, the run, its `run_queued` event
   * and its job (or its claim, see `runNow`). Nobody else can know the conversation yet, so no
   * lock is needed to see that no turn runs in it. 404 for an agent that is not the principal's
   * or a version it does not have. `history`: the messages before that turn, stored with it as the conversation's start
   * (the conversation is titled after its first user message).
   */
  async sendToNew(
    principal: Principal,
    agentId: string,
    text: string,
    options: SendOptions & {
      history?: readonly EarlierTurnMessage[]
      /** An experiment row's turn: its end queues the experiment's next step (runs/queue/experiment-step-queue.ts). */
      experimentId?: string
    } = {},
  ): Promise<SentMessage & { conversationId: string }> {
    const history = options.history ?? []
    const runnable = workspacesWithRole(principal, 'runner') ?? null
    const slot = options.runNow ? this.app.localWorker?.reserve() : undefined
    let row:
      | {
          id: string
          conversationId: string
          input: unknown
          agentVersionId: string
          createdAt: Date
          queuedData: unknown
          workspaceId: string | null
          nameWorkspaceId: string | null
          nameOwnerRole: string | null
          agentApiKey: string | null
        }
      | undefined
    // Stored as the conversation's history provider stores a message (postgres-history-provider.ts).
    const earlierTexts = history.map((message) => JSON.stringify(new Message({ role: message.role, text: message.text })))
    try {
      ;[row] = await this.app.db.sql.query<NonNullable<typeof row>>(
        `WITH agent AS (SELECT id, "ownerId", "workspaceId", "apiKey" FROM "Agent" WHERE id = $1 AND ($2::text[] IS NULL OR "workspaceId" = ANY($2::text[]))),
         version AS (SELECT v.id, v.version FROM "AgentVersion" v, agent WHERE v."agentId" = agent.id AND ($5::int IS NULL OR v.version = $5) ORDER BY v.version DESC LIMIT 1),
         conversation AS (
           INSERT INTO "Conversation" (id, kind, "agentId", "ownerId", "workspaceId", title, "createdAt", "updatedAt")
           SELECT gen_random_uuid(), 'conversation', $1, $4, agent."workspaceId", left($11::text, 80), now(), now() FROM version, agent
           RETURNING id),
         earlier AS (
           INSERT INTO "ChatMessage" (id, "conversationId", position, role, message, "createdAt")
           SELECT gen_random_uuid(), conversation.id, (m.ordinality - 1)::int, m.role, m.message, now()
           FROM conversation, unnest($9::text[], $10::text[]) WITH ORDINALITY AS m(role, message, ordinality)),
         run AS (
           INSERT INTO "Run" (id, "agentId", "agentVersionId", "conversationId", input, "ownerId", "workspaceId", "workspaceScoped", "experimentId", ${claimColumns.names}, "createdAt", "updatedAt")
           SELECT gen_random_uuid(), $1, version.id, conversation.id,
             jsonb_build_object('text', $3::text, 'historyStart', cardinality($9::text[]))
               || CASE WHEN $6::text IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('instructions', $6::text) END
               || CASE WHEN $8::jsonb IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('replyFormat', $8::jsonb) END,
             $4, agent."workspaceId", $12, $13, ${claimColumns.values('$7')}, now(), now()
           FROM version, conversation, agent
           RETURNING id, "conversationId", input, "agentVersionId", "createdAt", "workspaceId"),
         queued AS (
           INSERT INTO "RunEvent" ("runId", sequence, type, data, "createdAt")
           SELECT run.id, 1, 'run_queued', json_build_object('agentId', $1::text, 'version', version.version, 'conversationId', run."conversationId")::jsonb, now()
           FROM run, version
           RETURNING data)
         SELECT run.id, run."conversationId", run.input, run."agentVersionId", run."createdAt", queued.data AS "queuedData",
           run."workspaceId", agent."workspaceId" AS "nameWorkspaceId", (SELECT role FROM "User" WHERE id = agent."ownerId") AS "nameOwnerRole",
           agent."apiKey" AS "agentApiKey",
           ${claimColumns.wakeWorkers('$7')} AS woke
         FROM run, queued, agent`,
        [
          agentId,
          runnable,
          text,
          principal.userId,
          options.version ?? null,
          options.instructions ?? null,
          slot?.workerId ?? null,
          options.replyFormat ? JSON.stringify(options.replyFormat) : null,
          history.map((message) => message.role),
          earlierTexts,
          history.find((message) => message.role === 'user')?.text ?? text,
          // Held to its workspace unless an admin started it (run-lease.ts).
          !isAdmin(principal),
          options.experimentId ?? null,
        ],
      )
    } finally {
      if (!row) slot?.release()
    }
    if (!row) {
      const agent = await this.prisma.agent.findFirst({ where: { id: agentId, ...visibleTo(principal) }, select: { id: true, workspaceId: true } })
      if (agent) requireRole(principal, agent.workspaceId, 'runner')
      throw agent ? notFound('Agent version', options.version === undefined ? agentId : `${agentId}@${options.version}`) : notFound('Agent', agentId)
    }
    // Claimed here: the turn starts from the conversation just made, and the agent's row the statement read.
    const turnStart =
      slot &&
      turnStartOf(
        this.app.secrets.box,
        {
          serviceSessionId: null,
          state: {},
          history: { positions: earlierTexts.map((_, position) => position), messages: earlierTexts },
          agentApiKey: row.agentApiKey,
          agentWorkspaceId: row.nameWorkspaceId,
        },
        runScope(row.workspaceId, principal.role),
      )
    const inserted = { ...insertedTurn(row, row.conversationId), experimentId: options.experimentId ?? null, turnStart }
    slot?.start(claimedAtInsert(inserted, principal), {
      sequence: 1,
      type: 'run_queued',
      data: row.queuedData,
      createdAt: new Date(row.createdAt).toISOString(),
    })
    return { runId: row.id, conversationId: row.conversationId }
  }

  /**
   * The turn's statement (see send), the run claimed by `workerId` when it is given. What it could not do says why in
   * what it returns (the conversation as this principal sees it, whether the version exists, whether a turn was already
   * active), so the refusals need no statement of their own.
   */
  private async insertTurn(
    principal: Principal,
    id: string,
    text: string,
    options: SendOptions,
    workerId: string | null,
  ): Promise<{ runId: string; turn: { run: ClaimedRun; first: RunEvent } }> {
    let row: TurnInsertRow | undefined
    try {
      ;[row] = await this.app.db.sql.query<TurnInsertRow>(INSERT_TURN_SQL, [
        id,
        workspacesWithRole(principal, 'viewer') ?? null,
        text,
        principal.userId,
        options.version ?? null,
        options.instructions ?? null,
        workerId,
        workspacesWithRole(principal, 'runner') ?? null,
        options.replyFormat ? JSON.stringify(options.replyFormat) : null,
        // Held to its workspace unless an admin started it: a visitor's turn queued for later keeps to it (run-lease.ts).
        !isAdmin(principal),
        options.visitorId ?? null,
      ])
    } catch (error) {
      // The conversation was deleted between the statement's read of it and its insert's check of the reference.
      if ((error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) throw notFound('Conversation', id)
      throw error
    }
    if (!row?.agentId) throw notFound('Conversation', id)
    requireRole(principal, row.workspaceId, 'runner')
    if (row.visitorId !== null && row.visitorId !== (options.visitorId ?? null)) {
      throw new DomainError('forbidden', "This conversation is a visitor's of a published agent: it can be read here, and only the visitor continues it.")
    }
    if (!row.id) {
      // Nothing inserted: the version exists, so the index on a conversation's active turn refused it (or one was active already).
      if (row.busy || row.versionFound)
        throw conflict('turn_running', 'A reply is still being written: wait for it, or stop it, before sending another message.')
      const version = options.version ?? row.agentVersion
      throw notFound('Agent version', version === null ? row.agentId : `${row.agentId}@${version}`)
    }
    // Claimed here: what the turn starts from came with the insert.
    const turnStart = workerId === null ? undefined : turnStartOf(this.app.secrets.box, row, runScope(row.workspaceId, principal.role))
    const inserted = { ...insertedTurn({ ...row, id: row.id }, id), turnStart }
    const first = { sequence: 1, type: 'run_queued', data: row.queuedData, createdAt: new Date(row.createdAt!).toISOString() }
    return { runId: row.id, turn: { run: claimedAtInsert(inserted, principal), first } }
  }
}

/** Postgres' foreign_key_violation. */
const FOREIGN_KEY_VIOLATION = '23503'

interface TurnInsertRow {
  /** The conversation as the principal sees it (null columns: it does not). */
  agentId: string | null
  agentVersion: number | null
  workspaceId: string | null
  visitorId: string | null
  versionFound: boolean
  /** A turn of the conversation was active when the statement began. */
  busy: boolean
  /** The new turn's run, when it was inserted. */
  id: string | null
  input: unknown
  agentVersionId: string | null
  createdAt: Date | null
  queuedData: unknown
  nameWorkspaceId: string | null
  nameOwnerRole: string | null
  /** Read only for a turn claimed at its insert (`$7`): what it starts from (agent-conversation.ts). */
  serviceSessionId: string | null
  state: unknown
  history: { positions: number[] | null; messages: string[] | null } | null
  /** The agent's own key, sealed, and its workspace (the key goes to the run only where the run may use the agent). */
  agentApiKey: string | null
  agentWorkspaceId: string | null
}

/**
 * A turn in one statement: the conversation ($1) read as a viewer may see it ($2), the turn inserted only where the
 * principal may run ($8) and, for a visitor's conversation, is that visitor ($11); the version `$5`, else the one the
 * conversation is pinned to, else the agent's latest. The unique index on a conversation's active turn
 * (Run_conversationId_active_key) makes a second send, even one at the same moment, insert nothing: the insert waits
 * for the other's to commit and then does nothing. The run's `run_queued` event, the conversation's touch and the job
 * (when no worker id `$7` claims it) go only with an inserted run; a turn claimed here reads what it starts from with it.
 */
const INSERT_TURN_SQL = `WITH conversation AS (
    SELECT id, "agentId", "agentVersion", "workspaceId", "visitorId", "serviceSessionId", state FROM "Conversation"
    WHERE id = $1 AND kind = 'conversation' AND ($2::text[] IS NULL OR "workspaceId" = ANY($2::text[]))),
  allowed AS (
    SELECT * FROM conversation WHERE "agentId" IS NOT NULL AND ($8::text[] IS NULL OR "workspaceId" = ANY($8::text[]))
      AND ("visitorId" IS NULL OR "visitorId" = $11::text)),
  version AS (
    SELECT v.id, v.version FROM "AgentVersion" v, allowed
    WHERE v."agentId" = allowed."agentId" AND (COALESCE($5::int, allowed."agentVersion") IS NULL OR v.version = COALESCE($5::int, allowed."agentVersion"))
    ORDER BY v.version DESC LIMIT 1),
  run AS (
    INSERT INTO "Run" (id, "agentId", "agentVersionId", "conversationId", input, "ownerId", "workspaceId", "workspaceScoped", ${claimColumns.names}, "createdAt", "updatedAt")
    SELECT gen_random_uuid(), allowed."agentId", version.id, $1,
      jsonb_build_object('text', $3::text, 'historyStart', (SELECT COALESCE(MAX(position) + 1, 0) FROM "ChatMessage" WHERE "conversationId" = $1))
        || CASE WHEN $6::text IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('instructions', $6::text) END
        || CASE WHEN $9::jsonb IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('replyFormat', $9::jsonb) END,
      $4, allowed."workspaceId", $10, ${claimColumns.values('$7')}, now(), now()
    FROM version, allowed
    ON CONFLICT ("conversationId") WHERE status IN ('queued', 'running', 'waiting') DO NOTHING
    RETURNING id, input, "agentVersionId", "createdAt"),
  queued AS (
    INSERT INTO "RunEvent" ("runId", sequence, type, data, "createdAt")
    SELECT run.id, 1, 'run_queued', json_build_object('agentId', allowed."agentId", 'version', version.version, 'conversationId', $1::text)::jsonb, now()
    FROM run, version, allowed
    RETURNING data),
  touched AS (
    UPDATE "Conversation" SET "updatedAt" = now(), title = CASE WHEN title = '' THEN left($3::text, 80) ELSE title END
    WHERE id = $1 AND EXISTS (SELECT 1 FROM run) RETURNING id)
  SELECT conversation."agentId", conversation."agentVersion", conversation."workspaceId", conversation."visitorId",
    EXISTS (SELECT 1 FROM version) AS "versionFound",
    EXISTS (SELECT 1 FROM "Run" WHERE "conversationId" = $1 AND status IN ('queued', 'running', 'waiting')) AS busy,
    run.id, run.input, run."agentVersionId", run."createdAt", queued.data AS "queuedData",
    (SELECT ${claimColumns.wakeWorkers('$7')} FROM run) AS woke,
    (SELECT count(*) FROM touched) AS touched,
    owner."workspaceId" AS "nameWorkspaceId", (SELECT role FROM "User" WHERE id = owner."ownerId") AS "nameOwnerRole",
    conversation."serviceSessionId", conversation.state,
    CASE WHEN $7::text IS NOT NULL AND run.id IS NOT NULL THEN ${turnHistoryExpression('$1')} END AS history,
    owner."apiKey" AS "agentApiKey", owner."workspaceId" AS "agentWorkspaceId"
  FROM conversation
    LEFT JOIN run ON true LEFT JOIN queued ON true
    LEFT JOIN "Agent" owner ON owner.id = conversation."agentId"`

/** A conversation turn's run as its insert returned it, for `claimedAtInsert`. */
function insertedTurn(
  row: Pick<InsertedRunRow, 'id' | 'input' | 'workspaceId' | 'nameWorkspaceId' | 'nameOwnerRole'> & { agentVersionId: string | null },
  conversationId: string,
): InsertedRunRow {
  const { id, input, agentVersionId, workspaceId, nameWorkspaceId, nameOwnerRole } = row
  return { id, input, versionId: null, agentVersionId, conversationId, workflowId: null, workflowSettings: null, workspaceId, nameWorkspaceId, nameOwnerRole }
}
