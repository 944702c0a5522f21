/**
 * Turns "this needs a person" into an ApprovalRequest row and a run event, and waits for the
 * answer. The waiter learns of the answer through Postgres (it polls the row), so the person can
 * answer through any web process while any worker waits; in the same process the wait is woken
 * at once. Unanswered requests expire and count as denied: approvals default to deny.
 * A run's requests belong to the run's owner (stamped when the request is made): only they, or an
 * admin, list, read and answer them; anyone else gets the 404 of a missing request.
 */
import { EventEmitter } from 'node:events'
import type { AnswerApprovalBody, ApprovalKind, ApprovalStatus, ApprovalView } from '@/lib/contracts/approvals'
import { ownedBy, type Principal } from '../auth/principal'
import type { Database } from '../db/database'
import { jsonbSafe } from '../db/jsonb'
import { conflict, invalidInput, notFound } from '../domain-errors'
import type { RunEventLog } from '../runs/run-event-log'

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
  signal?: AbortSignal
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
  }
}

const POLL_INTERVAL_MS = 400

export class ApprovalBroker {
  private readonly decided = new EventEmitter()

  constructor(
    private readonly db: Database,
    private readonly events: RunEventLog,
    /** Cuts configured secrets out of what servers and workflows put in a request (see secrets/redaction.ts). */
    private readonly redact: (value: unknown) => Promise<unknown> = async (value) => value,
  ) {
    this.decided.setMaxListeners(0)
  }

  /** Creates the request and waits for a person's answer, the expiry, or the signal (then denied). */
  async request(input: ApprovalRequestInput): Promise<ApprovalDecision> {
    const run = input.runId ? await this.db.prisma.run.findUnique({ where: { id: input.runId }, select: { ownerId: true } }) : null
    const { title, payload } = (await this.redact({ title: input.title, payload: input.payload })) as Pick<ApprovalRequestInput, 'title' | 'payload'>
    const create = this.db.prisma.approvalRequest.create({
      data: {
        runId: input.runId ?? null,
        ownerId: run?.ownerId ?? null,
        kind: input.kind,
        source: input.source,
        title,
        payload: jsonbSafe(payload) as object,
        expiresAt: new Date(Date.now() + input.timeoutMs),
      },
    })
    // The request and the run's "waiting" status appear together: nobody sees one without the other.
    const [row] = input.runId
      ? await this.db.prisma.$transaction([create, this.db.prisma.run.updateMany({ where: { id: input.runId, status: 'running' }, data: { status: 'waiting' } })])
      : [await create]
    if (row.runId) await this.events.append(row.runId, 'approval_requested', { approval: presentApproval(row) })
    return this.waitForDecision(row.id, row.expiresAt, input.signal)
  }

  async answer(principal: Principal, id: string, body: AnswerApprovalBody): Promise<ApprovalView> {
    const row = await this.db.prisma.approvalRequest.findFirst({ where: { id, ...ownedBy(principal) } })
    if (!row) throw notFound('Approval', id)
    const response = this.checkedResponse(row, body)
    const status: ApprovalStatus = body.decision === 'approve' ? 'approved' : 'denied'
    const now = new Date()
    // Only a pending, unexpired request can be decided; the condition makes two answers race safely.
    const updated = await this.db.prisma.approvalRequest.updateMany({
      where: { id, status: 'pending', expiresAt: { gt: now } },
      data: { status, response: jsonbSafe(response) as object, decidedAt: now },
    })
    if (updated.count === 0) {
      const current = await this.db.prisma.approvalRequest.findUniqueOrThrow({ where: { id } })
      if (current.status === 'pending' || current.status === 'expired') {
        await this.expire(id)
        throw conflict('approval_expired', 'This request expired before it was answered; it was denied.')
      }
      throw conflict('approval_already_decided', `This request was already ${current.status}.`)
    }
    return this.publishDecision(id)
  }

  async get(principal: Principal, id: string): Promise<ApprovalView> {
    const row = await this.db.prisma.approvalRequest.findFirst({ where: { id, ...ownedBy(principal) } })
    if (!row) throw notFound('Approval', id)
    return presentApproval(row)
  }

  async list(principal: Principal, filter: { status?: ApprovalStatus; runId?: string } = {}): Promise<ApprovalView[]> {
    if (filter.status === 'pending' || filter.status === undefined) await this.expireOverdue()
    const rows = await this.db.prisma.approvalRequest.findMany({ where: { ...filter, ...ownedBy(principal) }, orderBy: { createdAt: 'desc' }, take: 200 })
    return rows.map(presentApproval)
  }

  /** Marks every overdue pending request expired (answers and waiters treat them as denied). */
  async expireOverdue(): Promise<void> {
    const overdue = await this.db.prisma.approvalRequest.findMany({ where: { status: 'pending', expiresAt: { lte: new Date() } }, select: { id: true } })
    for (const { id } of overdue) await this.expire(id)
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
    return response
  }

  /** Expires a run's open requests (it was cancelled or cut off), telling its viewers. */
  async expirePendingForRun(runId: string, reason: string): Promise<void> {
    const pending = await this.db.prisma.approvalRequest.findMany({ where: { runId, status: 'pending' }, select: { id: true } })
    for (const { id } of pending) await this.expire(id, reason)
  }

  private async expire(id: string, reason = 'Nobody answered before the request expired.'): Promise<void> {
    const updated = await this.db.prisma.approvalRequest.updateMany({
      where: { id, status: 'pending' },
      data: { status: 'expired', decidedAt: new Date(), response: { decision: 'deny', reason } },
    })
    if (updated.count > 0) await this.publishDecision(id)
  }

  private async publishDecision(id: string): Promise<ApprovalView> {
    const approval = presentApproval(await this.db.prisma.approvalRequest.findUniqueOrThrow({ where: { id } }))
    if (approval.runId) {
      await this.events.append(approval.runId, 'approval_resolved', { approval })
      await this.syncRunStatus(approval.runId)
    }
    this.decided.emit(id)
    return approval
  }

  /** A running run with open approvals shows as waiting, and as running again once they are answered. */
  private async syncRunStatus(runId: string): Promise<void> {
    const pending = await this.db.prisma.approvalRequest.count({ where: { runId, status: 'pending' } })
    await this.db.prisma.run.updateMany({
      where: { id: runId, status: { in: pending > 0 ? ['running'] : ['waiting'] } },
      data: { status: pending > 0 ? 'waiting' : 'running' },
    })
  }

  private async waitForDecision(id: string, expiresAt: Date, signal?: AbortSignal): Promise<ApprovalDecision> {
    for (;;) {
      const row = await this.db.prisma.approvalRequest.findUniqueOrThrow({ where: { id } })
      if (row.status !== 'pending') {
        return { approved: row.status === 'approved', status: row.status, response: (row.response as Record<string, unknown>) ?? {} }
      }
      if (signal?.aborted) {
        await this.expire(id, 'The run stopped before the request was answered.')
        continue
      }
      if (Date.now() >= expiresAt.getTime()) {
        await this.expire(id)
        continue
      }
      await this.sleepUntilDecided(id, Math.min(POLL_INTERVAL_MS, Math.max(0, expiresAt.getTime() - Date.now())), signal)
    }
  }

  private sleepUntilDecided(id: string, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.decided.off(id, done)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      const timer = setTimeout(done, ms)
      this.decided.on(id, done)
      signal?.addEventListener('abort', done, { once: true })
    })
  }
}
