/**
 * The append-only log of a run's events. Each event gets the next per-run sequence number
 * (the SSE event id), allocated by the database, so that any process — the worker running the
 * workflow or a web process taking an approval — can append. Readers in this process are woken
 * at once; readers in other processes notice on their next poll.
 */
import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type { KnownRunEventType, RunEvent, RunEventData } from '@/lib/contracts/run-events'
import type { Database } from '../db/database'
import { jsonbSafeText } from '../db/jsonb'

/** What an event of `type` carries: the contract's shape for a known type (lib/contracts/run-events.ts), anything for others. */
type EventDataOf<T extends string> = T extends KnownRunEventType ? RunEventData<T> : unknown

export class RunEventLog {
  private readonly appended = new EventEmitter()

  constructor(
    private readonly db: Database,
    /** Cuts configured secrets out of an event's data before it is stored (see secrets/redaction.ts). */
    private readonly redact: (data: unknown) => Promise<unknown> = async (data) => data,
  ) {
    // One SSE reader per open browser tab subscribes; don't warn at 10.
    this.appended.setMaxListeners(0)
  }

  async append<T extends string>(runId: string, type: T, data?: EventDataOf<T>): Promise<RunEvent> {
    const payload = jsonbSafeText((await this.redact(data ?? {})) ?? {})
    // Writers to one run take turns (a transaction-scoped lock keyed by the run), so the next
    // number is always free however many processes append at once.
    const row = await this.db.sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [runId])
      const [inserted] = await tx.query<{ sequence: number; createdAt: Date }>(
        `INSERT INTO "RunEvent" (id, "runId", sequence, type, data, "createdAt")
         SELECT $1, $2, COALESCE(MAX(sequence), 0) + 1, $3, $4::jsonb, now() FROM "RunEvent" WHERE "runId" = $2
         RETURNING sequence, "createdAt"`,
        [randomUUID(), runId, type, payload],
      )
      return inserted
    })
    const event = { sequence: row.sequence, type, data: JSON.parse(payload) as unknown, createdAt: new Date(row.createdAt).toISOString() }
    this.appended.emit(runId, event)
    return event
  }

  async listAfter(runId: string, afterSequence = 0, limit = 500): Promise<RunEvent[]> {
    const rows = await this.db.prisma.runEvent.findMany({
      where: { runId, sequence: { gt: afterSequence } },
      orderBy: { sequence: 'asc' },
      take: limit,
    })
    return rows.map((row) => ({ sequence: row.sequence, type: row.type, data: row.data, createdAt: row.createdAt.toISOString() }))
  }

  /** Resolves when this process appends an event to the run, or after `timeoutMs` (another process may have). */
  waitForAppend(runId: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.appended.off(runId, done)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      const timer = setTimeout(done, timeoutMs)
      this.appended.on(runId, done)
      signal?.addEventListener('abort', done, { once: true })
    })
  }
}
