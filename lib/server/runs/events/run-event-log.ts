/**
 * The append-only log of a run's events. Each event has a per-run sequence number (the SSE event
 * id) under a unique index. Any process may append (a web process taking an approval, a cancel);
 * the worker that holds a run writes its events in batches through a RunEventWriter, which keeps
 * the next number itself. Readers in every process learn of new events from Postgres'
 * `agentloom_run_events` channel (LISTEN/NOTIFY), not on a poll: a lone append notifies in its own
 * statement; the worker's batches are announced after they commit, many runs in one statement, and only
 * for runs that readers in another process follow (RunEventLog.followAs, othersFollow). Each wake names the
 * highest sequence it tells of, so a reader that has it already reads nothing (a process hears its own
 * announcements back from Postgres). Should a notification be lost with its process, readers still look again
 * on their periodic status check (run-event-stream.ts).
 */
import { randomUUID } from 'node:crypto'
import { EventEmitter } from 'node:events'
import type { KnownRunEventType, RunEvent, RunEventData } from '@/lib/contracts/run-events'
import type { RunStatus } from '@/lib/contracts/runs'
import type { Database } from '../../db/database'
import { jsonbSafeText } from '../../db/jsonb'
import type { PgNotifications } from '../../db/pg-notifications'
import { GroupCommit } from './group-commit'
import { NO_SECRETS, type SecretRedactor } from '../../secrets/redaction'

/** What an event of `type` carries: the contract's shape for a known type (lib/contracts/run-events.ts), anything for others. */
export type EventDataOf<T extends string> = T extends KnownRunEventType ? RunEventData<T> : unknown

export const RUN_EVENTS_CHANNEL = 'agentloom_run_events'
const UNIQUE_VIOLATION = '23505'
const FINAL_TYPES = ['run_succeeded', 'run_failed', 'run_cancelled'] as const
/** The events that end a run: exactly one per run, and nothing after it. */
export const FINAL_EVENT_TYPES: ReadonlySet<string> = new Set(FINAL_TYPES)
/** True while the run ($1) has no final event: nothing is stored after one. */
const FINAL_LIST = FINAL_TYPES.map((t) => `'${t}'`).join(', ')
const NOT_ENDED = `NOT EXISTS (SELECT 1 FROM "RunEvent" f WHERE f."runId" = $1 AND f.type IN (${FINAL_LIST}))`
/**
 * Who follows the run ($1) (its follow mark: RunEventLog.followAs), read under a share lock on its row: a subscriber
 * marking it waits for the statement holding it, or the statement waits for the mark and sees it.
 */
const FOLLOWED_CTE = `follow AS (SELECT followed, "followerProcess" FROM "Run" WHERE id = $1 FOR SHARE)`
/**
 * The same for a batch that ends the run: `ended` holds the run's row (its update waited for a
 * follow mark in flight and returns it); when it changed nothing, others are told to be safe.
 */
const ENDED_FOLLOWED_CTE = `follow AS (SELECT COALESCE((SELECT followed FROM ended), true) AS followed, (SELECT "followerProcess" FROM ended) AS "followerProcess")`
/** Appends racing for the same number retry; this many losses in a row means something else is wrong. */
const MAX_APPEND_ATTEMPTS = 50

export interface EventRow {
  sequence: number
  type: string
  /** The redacted data as JSON text. */
  payload: string
}

/** SQL with its parameters. */
export interface BatchSql {
  sql: string
  params: unknown[]
}

/**
 * Told that events up to `sequence` may have been stored (undefined: any number of them, as after the
 * notification connection came back).
 */
export type AppendListener = (sequence?: number) => void

/** What storing a batch gave: when its rows were stored, and whether it ended the run (see insertNumbered). */
export interface StoredBatch {
  createdAt: Date
  ended: boolean
}

/** A run's follow mark as stored (Run.followed, Run.followerProcess). */
export interface FollowMark {
  followed: boolean | null
  followerProcess: string | null
}

export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION
}

/** An event's data as it is stored: redacted, as a value and as its JSON text. */
export interface PreparedEvent {
  data: unknown
  payload: string
}

function preparedWith(redactor: Pick<SecretRedactor, 'redactValue'>, data: unknown): PreparedEvent {
  const redacted = redactor.redactValue(data ?? {}) ?? {}
  return { data: redacted, payload: jsonbSafeText(redacted) }
}

export class RunEventLog {
  /**
   * This process's readers' name in follow marks (Run.followerProcess): a run only they follow is announced to nobody
   * else when a worker here stores its batches (othersFollow).
   */
  readonly processId = randomUUID()
  /** Wakes a run's subscribers: on appends by this process at once, and on notifications from any. */
  private readonly appended = new EventEmitter()
  private listening: Promise<unknown> | undefined
  /** The batches of this process's runs: grouped into shared transactions when they arrive together (group-commit.ts). */
  private readonly commits: GroupCommit

  constructor(
    private readonly db: Database,
    private readonly notifications: PgNotifications,
    /**
     * The redactor that cuts the secrets the run can see out of an event's data before it is stored (see
     * secret-vault/secret-scopes.ts). Asked once per batch, not per event: a run's writer stores its events a batch at a time.
     */
    private readonly redactorOf: (runId: string) => Promise<Pick<SecretRedactor, 'redactValue'>> = async () => NO_SECRETS,
  ) {
    this.appended.setMaxListeners(0)
    this.commits = new GroupCommit(db.sql)
  }

  /** The event's data as it is stored: redacted with the run's secrets, jsonb-safe JSON text. */
  async prepare(runId: string, data: unknown): Promise<string> {
    return (await this.prepareEvent(runId, data)).payload
  }

  /**
   * The event's data redacted, as a value and as the JSON text stored (serialised once: the value is
   * what this process hands on; the text differs only where jsonb cannot hold a character, see jsonb.ts).
   */
  async prepareEvent(runId: string, data: unknown): Promise<PreparedEvent> {
    return preparedWith(await this.redactorOf(runId), data)
  }

  /** prepareEvent for a batch of one run's events, the redactor asked for once. */
  async prepareEvents(runId: string, data: readonly unknown[]): Promise<PreparedEvent[]> {
    const redactor = await this.redactorOf(runId)
    return data.map((one) => preparedWith(redactor, one))
  }

  /**
   * Appends one event with the next free number, from any process. Nothing follows a run's final
   * event: once the run has ended (another process may have ended it a moment ago), the event is
   * dropped and undefined returned.
   */
  async append<T extends string>(runId: string, type: T, data?: EventDataOf<T>): Promise<RunEvent | undefined> {
    const payload = await this.prepare(runId, data)
    for (let attempt = 1; ; attempt++) {
      try {
        const [row] = await this.db.sql.query<{ sequence: number; createdAt: Date }>(
          `WITH inserted AS (
             INSERT INTO "RunEvent" ("runId", sequence, type, data, "createdAt")
             SELECT $1, COALESCE(MAX(sequence), 0) + 1, $2, $3::jsonb, now() FROM "RunEvent" WHERE "runId" = $1
             HAVING ${NOT_ENDED}
             RETURNING sequence, "createdAt")
           SELECT sequence, "createdAt", pg_notify('${RUN_EVENTS_CHANNEL}', $1 || ':' || sequence) FROM inserted`,
          [runId, type, payload],
        )
        if (!row) return undefined
        this.appended.emit(runId, row.sequence) // others learn of it from the statement's own notification
        return { sequence: row.sequence, type, data: JSON.parse(payload) as unknown, createdAt: new Date(row.createdAt).toISOString() }
      } catch (error) {
        // Another writer took the number between our MAX and our INSERT: take the next one. Writers
        // that keep colliding (many at once on one run) step apart by a random few milliseconds.
        if (!isUniqueViolation(error) || attempt >= MAX_APPEND_ATTEMPTS) throw error
        if (attempt >= 3) await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(attempt, 20)))
      }
    }
  }

  /**
   * Inserts numbered events in one statement (the writer's batch), committed alone or with other
   * runs' batches that arrive meanwhile (group-commit.ts). `also` adds statements that
   * commit with them (a checkpoint pointer, agents' conversations); it is a CTE list that may use `$1`
   * (the run id) and parameters from `$5` on. A batch that ends the run names, in `also`, a CTE
   * `ended` (the run's status, changed only while it is running or waiting): its final event is
   * stored only if that changed the run, so a cancel that won leaves no second final event. Throws
   * on a number already taken (isUniqueViolation): nothing of the batch is then stored. Stores
   * nothing once the run has a final event (a cancel from another process won). Returns when the
   * rows were stored and whether this batch ended the run. `alone`: committed by itself, never in a
   * group: for a batch whose statement locks a row other runs' statements lock too (an experiment's step
   * job, which its rows' runs' ends queue), which a group could lock in a different order than another.
   * `stored` is told of the batch once it is stored, before readers are woken: the writer hands its events to the
   * run's feed in this process (local-run-feed.ts), where readers woken by the announcement then find them.
   */
  async insertNumbered(
    runId: string,
    rows: readonly EventRow[],
    also?: BatchSql,
    { ending = false, alone = false, stored }: { ending?: boolean; alone?: boolean; stored?: (batch: StoredBatch) => void } = {},
  ): Promise<StoredBatch> {
    const [result] = await this.commits.query<{ createdAt: Date; ended: boolean | null } & FollowMark>(
      runId,
      `WITH ${also ? `${also.sql},` : ''}
       inserted AS (
         INSERT INTO "RunEvent" ("runId", sequence, type, data, "createdAt")
         SELECT $1, e.sequence, e.type, e.data::jsonb, now()
         FROM unnest($2::int[], $3::text[], $4::text[]) AS e(sequence, type, data)
         WHERE ${NOT_ENDED}${ending ? ` AND (e.type NOT IN (${FINAL_LIST}) OR EXISTS (SELECT 1 FROM ended))` : ''}
         RETURNING sequence, "createdAt", type),
       ${ending ? ENDED_FOLLOWED_CTE : FOLLOWED_CTE}
       SELECT max("createdAt") AS "createdAt", (SELECT followed FROM follow) AS followed, (SELECT "followerProcess" FROM follow) AS "followerProcess",
         bool_or(type IN (${FINAL_LIST})) AS ended
       FROM inserted HAVING count(*) > 0`,
      [runId, rows.map((r) => r.sequence), rows.map((r) => r.type), rows.map((r) => r.payload), ...(also?.params ?? [])],
      { alone },
    )
    const batch = { createdAt: new Date(result?.createdAt ?? Date.now()), ended: result?.ended === true }
    if (result) {
      stored?.(batch)
      this.announce(runId, this.othersFollow(result), rows[rows.length - 1].sequence)
    }
    return batch
  }

  async lastSequence(runId: string): Promise<number> {
    const [row] = await this.db.sql.query<{ last: number | null }>(`SELECT MAX(sequence) AS last FROM "RunEvent" WHERE "runId" = $1`, [runId])
    return row?.last ?? 0
  }

  /** The outputs (`output` events' data) the run stored up to `sequence`, in order. */
  async outputsThrough(runId: string, sequence: number): Promise<unknown[]> {
    const rows = await this.db.sql.query<{ output: unknown }>(
      `SELECT data->'data' AS output FROM "RunEvent" WHERE "runId" = $1 AND type = 'output' AND sequence <= $2 ORDER BY sequence`,
      [runId, sequence],
    )
    return rows.map((row) => row.output)
  }

  async listAfter(runId: string, afterSequence = 0, limit = 500): Promise<RunEvent[]> {
    const rows = await this.db.sql.query<{ sequence: number; type: string; data: unknown; createdAt: Date }>(
      `SELECT sequence, type, data, "createdAt" FROM "RunEvent" WHERE "runId" = $1 AND sequence > $2 ORDER BY sequence LIMIT $3`,
      [runId, afterSequence, limit],
    )
    return rows.map((row) => ({ sequence: row.sequence, type: row.type, data: row.data, createdAt: new Date(row.createdAt).toISOString() }))
  }

  /**
   * Calls `listener` whenever an event may have been appended to the run, by this process or any
   * other (and after the notification connection came back, when some may have been missed).
   * Resolves once notifications are in place; returns the unsubscribe.
   */
  async subscribe(runId: string, listener: AppendListener, { follow = true }: { follow?: boolean } = {}): Promise<() => void> {
    this.appended.on(runId, listener)
    await this.listenForOthers()
    if (follow) await this.follow(runId)
    const unreconnect = this.notifications.onReconnect(listener)
    return () => {
      this.appended.off(runId, listener)
      unreconnect()
    }
  }

  /**
   * Marks the run followed, so that the worker holding it, in whatever process, announces its batches
   * (announce). Committed before the subscriber's first read, and its row lock meets the one each
   * batch takes on the run (FOLLOWED_CTE): a batch either sees the mark and notifies, or commits
   * before the mark does, and then the subscriber's first read finds its events.
   */
  private async follow(runId: string): Promise<void> {
    await this.followAs(runId, null)
  }

  /**
   * The mark of `follow`, made for a reader who sees the runs of `workspaces` (null: every run) and only where that
   * reader sees the run; gives the run's status, or undefined when the reader does not see it. A reader whose request
   * checks its access this way (RunService.follow) then subscribes without `follow`: one statement for both.
   * `mark: false`: the access and the status only (a run this process executes needs no mark while it does).
   *
   * The mark names this process (Run.followerProcess) while only its readers made it: a worker here then wakes them in
   * memory and notifies nobody (othersFollow). A second process's mark clears the name, and every worker announces.
   */
  async followAs(runId: string, workspaces: readonly string[] | null, { mark = true }: { mark?: boolean } = {}): Promise<RunStatus | undefined> {
    const [row] = await this.db.sql.query<{ status: RunStatus }>(
      `WITH run AS (SELECT id, status FROM "Run" WHERE id = $1 AND ($2::text[] IS NULL OR "workspaceId" = ANY($2::text[]))),
       marked AS (
         UPDATE "Run" r SET followed = true, "followerProcess" = CASE WHEN r.followed THEN NULL ELSE $4 END FROM run
         WHERE $3 AND r.id = run.id AND (NOT r.followed OR r."followerProcess" <> $4) AND r.status IN ('queued', 'running', 'waiting'))
       SELECT status::text AS status FROM run`,
      [runId, workspaces, mark, this.processId],
    )
    return row?.status
  }

  /**
   * Whether readers in other processes follow a run whose follow mark is `mark` (read by the statement that stored its
   * events): only then are its appends announced to them (announce). Unknown (null) counts as followed.
   */
  othersFollow(mark: FollowMark): boolean {
    return mark.followed !== false && mark.followerProcess !== this.processId
  }

  /** One LISTEN for the process; each notification wakes only its run's subscribers. */
  private listenForOthers(): Promise<unknown> {
    this.listening ??= this.notifications
      .listen(RUN_EVENTS_CHANNEL, (payload) => {
        // `<runId>:<sequence>` from announce() and from a lone append; `<runId>` alone when the sequence is unknown.
        const colon = payload.lastIndexOf(':')
        const runId = colon < 0 ? payload : payload.slice(0, colon)
        const sequence = colon < 0 ? undefined : Number(payload.slice(colon + 1))
        if (runId) this.appended.emit(runId, Number.isSafeInteger(sequence) ? sequence : undefined)
      })
      .catch((error: unknown) => {
        this.listening = undefined
        throw error
      })
    return this.listening
  }

  /**
   * Tells readers that the run has new events, stored by a statement that did not notify itself:
   * this process's at once, other processes' through one NOTIFY statement for every run announced
   * meanwhile. Notifying in the storing statement would take Postgres' notification lock from
   * before its commit's WAL flush until it ends, one notifying commit at a time server-wide
   * (bench/run-storage-floor.ts measured 2–3× the runs per second without it). `sequence`: the highest stored
   * (undefined: unknown, and readers look whatever they hold).
   */
  announce(runId: string, followed = true, sequence?: number): void {
    this.appended.emit(runId, sequence)
    // Nobody elsewhere follows the run (subscribe marks it): its readers are in this process, woken above.
    if (!followed) return
    const told = this.unannounced.get(runId)
    const unknown = sequence === undefined || (this.unannounced.has(runId) && told === undefined)
    this.unannounced.set(runId, unknown ? undefined : Math.max(told ?? 0, sequence))
    this.announcing ??= this.notifyOthers()
  }

  /** The runs to announce to other processes, each with the highest sequence to tell of (undefined: unknown). */
  private readonly unannounced = new Map<string, number | undefined>()
  private announcing: Promise<void> | undefined

  /** One statement at a time; runs announced while it is on its way go in the next one. */
  private async notifyOthers(): Promise<void> {
    await Promise.resolve() // runs announced in the same tick go together
    while (this.unannounced.size > 0) {
      const payloads = [...this.unannounced].map(([runId, sequence]) => (sequence === undefined ? runId : `${runId}:${sequence}`))
      this.unannounced.clear()
      await this.db.sql
        .query(`SELECT pg_notify('${RUN_EVENTS_CHANNEL}', payload) FROM unnest($1::text[]) AS payload`, [payloads])
        .catch((error: unknown) =>
          console.warn(`[run-events] could not notify other processes of new events (they look again within seconds): ${(error as Error).message}`),
        )
    }
    this.announcing = undefined
  }
}
