/**
 * Turns "this needs a person" into an ApprovalRequest row and a run event, and waits for the
 * answer. Every decision and expiry is one conditional UPDATE that also NOTIFYs the
 * `agentloom_approvals` channel (payload: the request's id), so the person can answer through any
 * web process while any worker waits, and the waiter wakes when it commits. Unanswered requests
 * expire and count as denied: approvals default to deny. Time is Postgres' clock alone: the expiry
 * is set and every "is it overdue" is decided in SQL against now(), so hosts whose clocks differ
 * still agree. A run's requests belong to the run's owner (stamped when the request is made): only
 * they, or an admin, list, read and answer them; anyone else gets the 404 of a missing request.
 */
import { EventEmitter } from 'node:events'
import type { AnswerApprovalBody, ApprovalKind, ApprovalStatus, ApprovalView } from '@/lib/contracts/approvals'
import { isAdmin, type Principal } from '../auth/principal'
import type { Database } from '../db/database'
import { jsonbSafeText } from '../db/jsonb'
import type { PgNotifications } from '../db/pg-notifications'
import { conflict, invalidInput, notFound } from '../domain-errors'
import type { RunEventLog } from '../runs/events/run-event-log'
import { routeApprovalJobs } from './approval-routing-sql'

/** Why a sampling request was approved without asking: a person's earlier "approve the rest of this run's requests". */
export const REST_OF_RUN_REASON = "A person approved the rest of this run's requests from this server."

export interface ApprovalDecision {
  approved: boolean
  status: ApprovalStatus
  response: Record<string, unknown>
}

export interface ApprovalRequestInput {
  runId?: string
  kind: ApprovalKind
  source: string
  title: string
  payload: Record<string, unknown>
  timeoutMs: number
  /** The workflow request it answers (a request_info), when it comes from one. */
  requestId?: string
  signal?: AbortSignal
}

export interface AutomaticDecisionInput {
  runId: string
  kind: ApprovalKind
  source: string
  title: string
  payload: Record<string, unknown>
  approved: boolean
  /** Why no person was asked: 'policy' (the server's sampling policy), 'rest_of_run' (a person's earlier answer). */
  automatic: 'policy' | 'rest_of_run'
  /** In words, for the run's record. */
  reason: string
}

export interface ApprovalBrokerOptions {
  /** Cuts the secrets the run (null: no run) can see out of what servers and workflows put in a request (see secret-vault/secret-scopes.ts). */
  redact?: (runId: string | null, value: unknown) => Promise<unknown>
  /**
   * Called in the process that made a decision or an expiry, once per request, after its event
   * and the run's status are written (e.g. to queue the continuation of a parked run). Its error
   * reaches that caller; the decision itself is stored by then.
   */
  afterDecision?: (approval: ApprovalView) => Promise<void>
}

type ApprovalRow = {
  id: string
  runId: string | null
  kind: ApprovalKind
  status: ApprovalStatus
  source: string
  title: string
  payload: unknown
  response: unknown
  expiresAt: Date
  createdAt: Date
  decidedAt: Date | null
  workspaceId?: string | null
  decidedById?: string | null
  escalatedAt?: Date | null
}

export function presentApproval(row: ApprovalRow): ApprovalView {
  return {
    id: row.id,
    runId: row.runId,
    kind: row.kind,
    status: row.status,
    source: row.source,
    title: row.title,
    payload: row.payload as Record<string, unknown>,
    response: (row.response as Record<string, unknown> | null) ?? null,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    workspaceId: row.workspaceId ?? null,
    decidedById: row.decidedById ?? null,
    escalatedAt: row.escalatedAt?.toISOString() ?? null,
  }
}

export const APPROVALS_CHANNEL = 'agentloom_approvals'
/**
 * Told whenever a request is created, decided or closed, with `<run starter's id> <workspace id>` as the payload
 * (each empty for none): the inbox streams of that person, of the workspace's approvers and owners (and of admins)
 * recount what waits.
 */
export const APPROVAL_INBOX_CHANNEL = 'agentloom_approval_inbox'

/** The inbox notice's payload, from an approval row's columns (`alias`: the row's name in the statement). */
export const inboxNotice = (alias: string) => `COALESCE(${alias}."ownerId", '') || ' ' || COALESCE(${alias}."workspaceId", '')`

/**
 * The approvals a principal may see and answer: those of runs they started, and of the runs of workspaces where they
 * are an approver or an owner (an admin: all).
 */
export function answerableBy(principal: Principal): { OR?: Array<{ ownerId?: string; workspaceId: { in: string[] } }> } {
  if (isAdmin(principal)) return {}
  const workspaces = principal.memberships.map((member) => member.workspaceId)
  const approving = principal.memberships.filter((member) => member.approver || member.role === 'owner').map((member) => member.workspaceId)
  return { OR: [{ ownerId: principal.userId, workspaceId: { in: workspaces } }, { workspaceId: { in: approving } }] }
}
/**
 * Postgres' clock as the timestamp(3) columns hold it: UTC without a zone (Prisma's convention),
 * whatever the session's TimeZone is.
 */
const DB_NOW = `(now() AT TIME ZONE 'UTC')`
/** A waiter also looks at its row this often and at the expiry, so a lost notification cannot strand it. */
const SAFETY_RECHECK_MS = 30_000
/** Past the expiry, so the re-check at expiry finds the request overdue on the database's clock. */
const EXPIRY_MARGIN_MS = 5
/**
 * Why a request closed without a person's answer, kept in its response as `closedBy` (its status is
 * `expired` either way, so that waiters treat it as denied): the views tell "Cancelled" from "Expired".
 */
export type ApprovalClosure = 'expiry' | 'run_cancelled' | 'run_failed' | 'run_stopped'
const EXPIRED = { reason: 'Nobody answered before the request expired.', closedBy: 'expiry' } as const
const STOPPED = { reason: 'The run stopped before the request was answered.', closedBy: 'run_stopped' } as const

/** A request as its waiter sees it, judged against the database's clock. */
interface WaiterView {
  status: ApprovalStatus
  response: Record<string, unknown> | null
  overdue: boolean
  msLeft: number
  /** A person's decision is in the run's log (`approval_resolved`), or needs not be: no run, or not approved or denied. */
  logged: boolean
}

/** How long a waiter that found a decision not yet in the run's log waits for it (the answer's notification comes after it). */
const UNLOGGED_RECHECK_MS = 1_000
/** Looks at a decision not yet in the log before the waiter goes on without it (the answering process may have died). */
const UNLOGGED_LOOKS = 3

/** Thrown to a wait (or a new request) once the broker has closed with its app. */
export class ApprovalBrokerClosedError extends Error {
  constructor(readonly approvalId?: string) {
    super(
      approvalId ? `The app closed while waiting for approval ${approvalId}; the request stays pending.` : 'The app has closed: no approval can be requested.',
    )
    this.name = 'ApprovalBrokerClosedError'
  }
}

export class ApprovalBroker {
  /** Decisions made by this process, announced before (or without) their notification. */
  private readonly decided = new EventEmitter()
  private readonly redact: (runId: string | null, value: unknown) => Promise<unknown>
  private readonly afterDecision: ((approval: ApprovalView) => Promise<void>) | undefined
  /** The waits of this process, woken by `close()`. */
  private readonly waits = new Set<() => void>()
  private closed = false

  constructor(
    private readonly db: Database,
    private readonly events: RunEventLog,
    private readonly notifications: PgNotifications,
    { redact = async (_runId, value) => value, afterDecision }: ApprovalBrokerOptions = {},
  ) {
    this.decided.setMaxListeners(0)
    this.redact = redact
    this.afterDecision = afterDecision
  }

  /**
   * Ends every wait of this process, leaving its requests pending where they are: the app is closing, and a
   * wait left behind would later query a database that is gone. A run waiting here is durable and waits on
   * wherever it is taken up again; `request()` after this throws.
   */
  close(): void {
    this.closed = true
    for (const wake of this.waits) wake()
  }

  /** Creates the request and waits for a person's answer, the expiry, or the signal (then denied). */
  async request(input: ApprovalRequestInput): Promise<ApprovalDecision> {
    this.refuseWhenClosed()
    const { title, payload } = (await this.redact(input.runId ?? null, { title: input.title, payload: input.payload })) as Pick<
      ApprovalRequestInput,
      'title' | 'payload'
    >
    // The request and the run's "waiting" status appear together: nobody sees one without the other.
    const [created] = await this.db.sql.query<{ id: string }>(
      `WITH created AS (
         INSERT INTO "ApprovalRequest" (id, "runId", "ownerId", "workspaceId", kind, source, title, payload, "requestId", "expiresAt", "createdAt")
         SELECT gen_random_uuid(), $1, (SELECT "ownerId" FROM "Run" WHERE id = $1), (SELECT "workspaceId" FROM "Run" WHERE id = $1), $2::"ApprovalKind", $3, $4,
                $5::jsonb, $6, ${DB_NOW} + $7::float8 * interval '1 millisecond', ${DB_NOW}
         RETURNING id, "ownerId", "workspaceId", "createdAt", "expiresAt"),
       waiting AS (UPDATE "Run" SET status = 'waiting', "updatedAt" = ${DB_NOW} WHERE id = $1 AND status = 'running')
       SELECT id, pg_notify('${APPROVAL_INBOX_CHANNEL}', ${inboxNotice('created')}), ${routeApprovalJobs('created')} AS routed FROM created`,
      [input.runId ?? null, input.kind, input.source, title, jsonbSafeText(payload), input.requestId ?? null, input.timeoutMs],
    )
    const row = await this.db.prisma.approvalRequest.findUniqueOrThrow({ where: { id: created.id } })
    if (row.runId) await this.events.append(row.runId, 'approval_requested', { approval: presentApproval(row) })
    return this.waitForDecision(row.id, input.signal)
  }

  async answer(principal: Principal, id: string, body: AnswerApprovalBody): Promise<ApprovalView> {
    const row = await this.db.prisma.approvalRequest.findFirst({ where: { id, ...answerableBy(principal) } })
    if (!row) throw notFound('Approval', id)
    // Who decided: the run page says so beside the decision (an admin may answer another's request).
    const response = { ...this.checkedResponse(row, body), decidedBy: principal.name.trim() || principal.email }
    const status: ApprovalStatus = body.decision === 'approve' ? 'approved' : 'denied'
    // Only a pending, unexpired request can be decided; the condition makes two answers (and an expiry) race safely.
    const decided = await this.db.sql.query<{ id: string }>(
      `WITH decided AS (
         UPDATE "ApprovalRequest" SET status = $2::"ApprovalStatus", response = $3::jsonb, "decidedAt" = ${DB_NOW}, "decidedById" = $4
         WHERE id = $1 AND status = 'pending' AND "expiresAt" > ${DB_NOW}
         RETURNING id, "ownerId", "workspaceId")
       SELECT id, pg_notify('${APPROVAL_INBOX_CHANNEL}', ${inboxNotice('decided')}) FROM decided`,
      [id, status, jsonbSafeText(response), principal.userId],
    )
    if (decided.length === 0) {
      const current = await this.db.prisma.approvalRequest.findUniqueOrThrow({ where: { id }, select: { status: true, response: true } })
      if (current.status === 'expired' && (current.response as { closedBy?: unknown } | null)?.closedBy === 'run_stopped') {
        throw conflict('approval_expired', 'This request was closed when its run stopped; the run asks again when it goes on.')
      }
      // Still pending, it was overdue when the answer came: it expires now (if no one else expired it first).
      if (current.status === 'pending' || current.status === 'expired') {
        await this.expireWhere(`id = $2 AND "expiresAt" <= ${DB_NOW}`, [id])
        throw conflict('approval_expired', 'This request expired before it was answered; it was denied.')
      }
      throw conflict('approval_already_decided', `This request was already ${current.status}.`)
    }
    const approval = await this.publishDecision(id)
    if (body.approveRestOfRun) await this.approveRestOfRun(approval)
    return approval
  }

  async get(principal: Principal, id: string): Promise<ApprovalView> {
    const row = await this.db.prisma.approvalRequest.findFirst({ where: { id, ...answerableBy(principal) } })
    if (!row) throw notFound('Approval', id)
    return presentApproval(row)
  }

  async list(principal: Principal, filter: { status?: ApprovalStatus; runId?: string; workspaceId?: string } = {}): Promise<ApprovalView[]> {
    if (filter.status === 'pending' || filter.status === undefined) await this.expireOverdue()
    const rows = await this.db.prisma.approvalRequest.findMany({
      where: { ...filter, ...answerableBy(principal) },
      orderBy: { createdAt: 'desc' },
      take: 200,
    })
    return rows.map(presentApproval)
  }

  /** How many requests the principal may answer wait for an answer (not yet overdue). */
  async countPending(principal: Principal): Promise<number> {
    const admin = isAdmin(principal)
    const workspaces = principal.memberships.map((member) => member.workspaceId)
    const approving = principal.memberships.filter((member) => member.approver || member.role === 'owner').map((member) => member.workspaceId)
    const [row] = await this.db.sql.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM "ApprovalRequest"
       WHERE status = 'pending' AND "expiresAt" > ${DB_NOW}
         AND ($1::boolean OR ("ownerId" = $2 AND "workspaceId" = ANY($3::text[])) OR "workspaceId" = ANY($4::text[]))`,
      [admin, principal.userId, workspaces, approving],
    )
    return row?.count ?? 0
  }

  /** Marks every overdue pending request expired (answers and waiters treat them as denied). */
  async expireOverdue(): Promise<void> {
    await this.expireWhere(`"expiresAt" <= ${DB_NOW}`, [])
  }

  private checkedResponse(row: ApprovalRow, body: AnswerApprovalBody): Record<string, unknown> {
    const response: Record<string, unknown> = { decision: body.decision }
    if (body.reason) response.reason = body.reason
    if (body.content) response.content = body.content
    if (body.maxTokens !== undefined) {
      if (row.kind !== 'sampling') throw invalidInput('invalid_request', 'maxTokens can only be set when answering a sampling request.')
      const cap = Number((row.payload as { maxTokensCap?: number }).maxTokensCap ?? Infinity)
      if (body.maxTokens > cap) throw invalidInput('invalid_request', `maxTokens must be at most ${cap}.`)
      response.maxTokens = body.maxTokens
    }
    if (body.approveRestOfRun) {
      if (row.kind !== 'sampling' || body.decision !== 'approve' || !row.runId) {
        throw invalidInput('invalid_request', "approveRestOfRun can only be set when approving a run's sampling request.")
      }
      response.approveRestOfRun = true
    }
    return response
  }

  /**
   * Records a decision taken without a person (a server's sampling policy, or a person's earlier
   * "approve the rest of this run's requests") as a decided request with its event, so the run's
   * record and the inbox's history show it like any other. `response.automatic` says why.
   */
  async recordAutomatic(input: AutomaticDecisionInput): Promise<ApprovalDecision> {
    const { title, payload } = (await this.redact(input.runId, { title: input.title, payload: input.payload })) as Pick<
      AutomaticDecisionInput,
      'title' | 'payload'
    >
    const status: ApprovalStatus = input.approved ? 'approved' : 'denied'
    const response = { decision: input.approved ? 'approve' : 'deny', automatic: input.automatic, reason: input.reason }
    const [created] = await this.db.sql.query<{ id: string }>(
      `INSERT INTO "ApprovalRequest" (id, "runId", "ownerId", "workspaceId", kind, source, title, payload, status, response, "expiresAt", "createdAt", "decidedAt")
       SELECT gen_random_uuid(), $1, r."ownerId", r."workspaceId", $2::"ApprovalKind", $3, $4, $5::jsonb, $6::"ApprovalStatus", $7::jsonb,
              ${DB_NOW}, ${DB_NOW}, ${DB_NOW}
       FROM (SELECT (SELECT "ownerId" FROM "Run" WHERE id = $1) AS "ownerId", (SELECT "workspaceId" FROM "Run" WHERE id = $1) AS "workspaceId") r
       RETURNING id`,
      [input.runId, input.kind, input.source, title, jsonbSafeText(payload), status, jsonbSafeText(response)],
    )
    const approval = presentApproval(await this.db.prisma.approvalRequest.findUniqueOrThrow({ where: { id: created.id } }))
    await this.events.append(input.runId, 'approval_resolved', { approval })
    return { approved: input.approved, status, response }
  }

  /**
   * "The rest of this run's requests from this server" includes those already waiting beside the
   * one answered (a model that calls two tools at once asks twice): they are approved now, as the
   * later ones will be by the sampling policy.
   */
  private async approveRestOfRun(answered: ApprovalView): Promise<void> {
    const response = { decision: 'approve', automatic: 'rest_of_run', reason: REST_OF_RUN_REASON }
    const approved = await this.db.sql.query<{ id: string }>(
      `WITH approved AS (
         UPDATE "ApprovalRequest" SET status = 'approved', response = $1::jsonb, "decidedAt" = ${DB_NOW}
         WHERE "runId" = $2 AND kind = 'sampling' AND source = $3 AND status = 'pending' AND "expiresAt" > ${DB_NOW}
         RETURNING id, "ownerId", "workspaceId")
       SELECT id, pg_notify('${APPROVAL_INBOX_CHANNEL}', ${inboxNotice('approved')}) FROM approved`,
      [jsonbSafeText(response), answered.runId, answered.source],
    )
    for (const { id } of approved) await this.publishDecision(id)
  }

  /** How many of a run's requests from one source were decided automatically for `automatic` (e.g. within a policy's caps). */
  async countAutomatic(runId: string, kind: ApprovalKind, source: string, automatic: string, status: ApprovalStatus = 'approved'): Promise<number> {
    const [row] = await this.db.sql.query<{ count: string }>(
      `SELECT count(*) AS count FROM "ApprovalRequest" WHERE "runId" = $1 AND kind = $2::"ApprovalKind" AND source = $3 AND status = $5::"ApprovalStatus" AND response->>'automatic' = $4`,
      [runId, kind, source, automatic, status],
    )
    return Number(row?.count ?? 0)
  }

  /** Whether a person approved one of the run's requests from `source` and asked for the rest of the run's to be approved too. */
  async restOfRunApproved(runId: string, kind: ApprovalKind, source: string): Promise<boolean> {
    const rows = await this.db.sql.query(
      `SELECT 1 FROM "ApprovalRequest" WHERE "runId" = $1 AND kind = $2::"ApprovalKind" AND source = $3 AND status = 'approved' AND response->>'approveRestOfRun' = 'true' LIMIT 1`,
      [runId, kind, source],
    )
    return rows.length > 0
  }

  /** Expires a run's open requests (it was cancelled or cut off), telling its viewers. */
  /**
   * Closes the run's open requests that a callback of an earlier attempt asked (sampling, elicitation, a tool call's
   * consent: no workflow request behind them). Called when a run is resumed after its worker stopped: the process
   * waiting for their answers is gone, and the resumed attempt asks again, so an answer to an old one would
   * say "approved" while the run waits on the new one.
   */
  async closeAskedByEarlierAttempt(runId: string): Promise<void> {
    await this.expireWhere(`"runId" = $2 AND "requestId" IS NULL`, [runId], {
      reason: 'The run stopped before the request was answered; it asks again now that it goes on.',
      closedBy: 'run_stopped',
    })
  }

  async expirePendingForRun(runId: string, reason: string, closedBy: ApprovalClosure): Promise<void> {
    await this.expireWhere(`"runId" = $2`, [runId], { reason, closedBy })
  }

  /**
   * Expires the pending requests matching `condition` (SQL; its parameters start at $2) in one
   * statement that tells the inbox; then publishes each (its event, then its waiters). Whichever process's UPDATE
   * takes a row publishes it, so a request racing an answer, or two expiries, has one outcome.
   */
  private async expireWhere(
    condition: string,
    params: unknown[],
    { reason, closedBy }: { reason: string; closedBy: ApprovalClosure } = EXPIRED,
  ): Promise<void> {
    const expired = await this.db.sql.query<{ id: string }>(
      `WITH expired AS (
         UPDATE "ApprovalRequest" SET status = 'expired', response = $1::jsonb, "decidedAt" = ${DB_NOW}
         WHERE status = 'pending' AND ${condition}
         RETURNING id, "ownerId", "workspaceId")
       SELECT id, pg_notify('${APPROVAL_INBOX_CHANNEL}', ${inboxNotice('expired')}) FROM expired`,
      [JSON.stringify({ decision: 'deny', reason, closedBy }), ...params],
    )
    for (const { id } of expired) await this.publishDecision(id)
  }

  /**
   * Tells the run's log, then the waiters. In that order: a waiter woken first could carry its run to its end before
   * `approval_resolved` is appended, and a finished run's log takes no more events, so the decision would be lost.
   */
  private async publishDecision(id: string): Promise<ApprovalView> {
    const approval = presentApproval(await this.db.prisma.approvalRequest.findUniqueOrThrow({ where: { id } }))
    if (approval.runId) {
      await this.events.append(approval.runId, 'approval_resolved', { approval })
      await this.syncRunStatusAndWake(approval.runId, id)
    } else {
      await this.db.sql.query(`SELECT pg_notify('${APPROVALS_CHANNEL}', $1)`, [id])
    }
    this.decided.emit(id)
    await this.afterDecision?.(approval)
    return approval
  }

  /**
   * A running run with open approvals shows as waiting, and as running again once they are answered; then the waiters
   * of the decided request are woken (in the same statement, so a decision costs no statement more than before).
   */
  private async syncRunStatusAndWake(runId: string, decidedId: string): Promise<void> {
    await this.db.sql.query(
      `WITH pending AS (SELECT EXISTS (SELECT 1 FROM "ApprovalRequest" WHERE "runId" = $1 AND status = 'pending') AS open),
       synced AS (
         UPDATE "Run" SET status = CASE WHEN pending.open THEN 'waiting' ELSE 'running' END::"RunStatus", "updatedAt" = ${DB_NOW}
         FROM pending
         WHERE id = $1 AND status = CASE WHEN pending.open THEN 'running' ELSE 'waiting' END::"RunStatus"
         RETURNING 1)
       SELECT pg_notify('${APPROVALS_CHANNEL}', $2)`,
      [runId, decidedId],
    )
  }

  /**
   * Waits until the request is decided: woken by its notification (from any process), by a
   * decision in this process, by the signal (then it expires it), and at the expiry (then it
   * expires it), with a slow re-check besides.
   */
  private async waitForDecision(id: string, signal?: AbortSignal): Promise<ApprovalDecision> {
    let woken = false
    let wake: (() => void) | undefined
    const onWake = () => {
      woken = true
      wake?.()
    }
    this.decided.on(id, onWake)
    this.waits.add(onWake)
    signal?.addEventListener('abort', onWake)
    const unreconnect = this.notifications.onReconnect(onWake)
    let unlisten: (() => void) | undefined
    try {
      // Listening before the first look: a decision committed after it is not missed.
      unlisten = await this.notifications.listen(APPROVALS_CHANNEL, (payload) => {
        if (payload === id) onWake()
      })
      /** Until `ms` have passed or something wakes the waiter, whichever is first. */
      const sleep = (ms: number) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => wake?.(), ms)
          wake = () => {
            clearTimeout(timer)
            wake = undefined
            resolve()
          }
        })
      let unloggedLooks = 0
      for (;;) {
        woken = false
        this.refuseWhenClosed(id)
        const request = await this.waiterView(id)
        // A decision is taken up once it is in the run's log (publishDecision appends, then wakes): a waiter that saw it
        // earlier (its first look, a reconnect, the safety re-check) could carry its run to its end before the append,
        // and a finished run's log takes no more events.
        if (request.status !== 'pending' && (request.logged || unloggedLooks >= UNLOGGED_LOOKS)) {
          return { approved: request.status === 'approved', status: request.status, response: request.response ?? {} }
        }
        if (request.status !== 'pending') {
          unloggedLooks += 1
          if (!woken) await sleep(UNLOGGED_RECHECK_MS)
          continue
        }
        if (signal?.aborted) {
          await this.expireWhere('id = $2', [id], STOPPED)
        } else if (request.overdue) {
          await this.expireWhere(`id = $2 AND "expiresAt" <= ${DB_NOW}`, [id])
        } else if (!woken) {
          await sleep(Math.min(request.msLeft + EXPIRY_MARGIN_MS, SAFETY_RECHECK_MS))
        }
      }
    } finally {
      this.decided.off(id, onWake)
      this.waits.delete(onWake)
      signal?.removeEventListener('abort', onWake)
      unlisten?.()
      unreconnect()
    }
  }

  private refuseWhenClosed(id?: string): void {
    if (this.closed) throw new ApprovalBrokerClosedError(id)
  }

  private async waiterView(id: string): Promise<WaiterView> {
    const [row] = await this.db.sql.query<WaiterView>(
      `SELECT a.status, a.response, a."expiresAt" <= ${DB_NOW} AS overdue,
              GREATEST(0, EXTRACT(EPOCH FROM a."expiresAt" - ${DB_NOW}) * 1000)::float8 AS "msLeft",
              (a."runId" IS NULL OR a.status NOT IN ('approved', 'denied') OR EXISTS (
                SELECT 1 FROM "RunEvent" e WHERE e."runId" = a."runId" AND e.type = 'approval_resolved' AND e.data->'approval'->>'id' = a.id)) AS logged
       FROM "ApprovalRequest" a WHERE a.id = $1`,
      [id],
    )
    if (!row) throw new Error(`Approval request ${id} is gone.`)
    return row
  }
}
