/**
 * The statements of the storage floor (storage-floor.ts): the row work of one run of the five-node
 * demo workflow, with literal payloads (run-rows.ts), in the fewest round trips.
 *
 * Per step, eight statements, each its own transaction as in the app, written as the app writes
 * them (the run, queue and event statements of lib/server/runs), fused where one statement can do
 * what the app does in two:
 *   create     RunService.create: version lookup, `Run` insert marked ready, `run_queued` event,
 *              the workers' wake-up;
 *   take       the app's claim of a ready run (run-lease.ts claimReadyRuns), one run;
 *   superstep  ×5, RunEventLog.insertNumbered with what rides on it: the superstep's events, its
 *              checkpoint (checkpoint-pointers.ts) and the run's resume point;
 *   end        endRun (run-executor.ts): status, final event and pg_notify.
 * In one statement, everything a finished run leaves: the `Run` row in its final state, its 27
 * events, its 5 checkpoints and a pg_notify. A statement cannot update a row it inserts (its parts
 * share one snapshot), so this one leaves out the run's intermediate states: it is the floor of
 * the rows, not of the steps.
 */
import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { RUN_EVENTS_CHANNEL } from '../../../lib/server/runs/events/run-event-log'
import { WAKE_RUN_WORKERS } from '../../../lib/server/runs/queue/run-queue'
import { checkpointJson, type RunRows } from './run-rows'

/** The workflow, its version 1 and the user the runs belong to (storage-floor.ts seeds them). */
export interface FloorSeed {
  workflowId: string
  userId: string
  /** The claim's worker id. */
  workerId: string
}

export interface TakenRun {
  runId: string
  lastSequence: number
}

/**
 * The app's event statements notify readers in every process (run-event-log.ts). Without (`notify`
 * false) the payload is selected instead: the floor with and without shows what notifying costs,
 * since Postgres commits notifying transactions one at a time (async.c's PreCommit_Notify lock).
 */
function notified(payloadSql: string, notify: boolean): string {
  return notify ? `pg_notify('${RUN_EVENTS_CHANNEL}', ${payloadSql})` : payloadSql
}

const NOT_ENDED = `NOT EXISTS (SELECT 1 FROM "RunEvent" f WHERE f."runId" = $1 AND f.type IN ('run_succeeded', 'run_failed', 'run_cancelled'))`

const CREATE = `WITH version AS (
    SELECT v.id, v.version, w.id AS "workflowId", w.name FROM "WorkflowVersion" v JOIN "Workflow" w ON w.id = v."workflowId"
    WHERE w.id = $1 AND ($2::int IS NULL OR v.version = $2) AND ($3::text IS NULL OR w."ownerId" = $3)
    ORDER BY v.version DESC LIMIT 1),
  run AS (
    INSERT INTO "Run" (id, "workflowId", "versionId", input, "ownerId", status, "readyAt", "createdAt", "updatedAt")
    SELECT gen_random_uuid(), "workflowId", id, $4::jsonb, $5, 'queued', now(), now(), now() FROM version
    RETURNING id, "createdAt"),
  queued AS (
    INSERT INTO "RunEvent" ("runId", sequence, type, data, "createdAt")
    SELECT run.id, 1, 'run_queued', json_build_object('workflowId', $1::text, 'version', version.version)::jsonb, now() FROM run, version
    RETURNING "runId")
  SELECT run.id, version.version, version.name, run."createdAt", ${WAKE_RUN_WORKERS} AS woke
  FROM run, version, queued`

const TAKE = `WITH picked AS (SELECT id FROM "Run" WHERE "readyAt" IS NOT NULL ORDER BY "readyAt" LIMIT 1 FOR UPDATE SKIP LOCKED),
  claimed AS (
    UPDATE "Run" r SET status = 'running', "workerId" = $1, "heartbeatAt" = now(), "startedAt" = COALESCE(r."startedAt", now()),
      attempts = r.attempts + 1, "updatedAt" = now(), "readyAt" = NULL
    FROM picked
    WHERE r.id = picked.id AND (r.status = 'queued' OR (r.status IN ('running', 'waiting') AND r."workerId" IS NULL AND r."parkedRequests" IS NULL))
    RETURNING r.id, r.input, r."versionId", r."workflowId", r."ownerId", r."checkpointId", r."checkpointSequence", r."parkedRequests", r.attempts)
  SELECT c.id AS "runId", c.input, c."versionId", w.settings AS "workflowSettings", c."checkpointId", c."checkpointSequence",
    c."parkedRequests", c.attempts, c."ownerId", u.role AS "ownerRole",
    COALESCE((SELECT MAX(sequence) FROM "RunEvent" e WHERE e."runId" = c.id), 0) AS "lastSequence"
  FROM claimed c LEFT JOIN "Workflow" w ON w.id = c."workflowId" LEFT JOIN "User" u ON u.id = c."ownerId"`

const superstepSql = (notify: boolean) => `WITH checkpoint AS (
    INSERT INTO "Checkpoint" (id, "runId", "workflowName", "previousId", data, "createdAt")
    VALUES ($5, $1, $6, $7, $8::jsonb, $9::timestamp)
    ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data),
  resume_point AS (UPDATE "Run" SET "checkpointId" = $5, "checkpointSequence" = $10::int WHERE id = $1),
  inserted AS (
    INSERT INTO "RunEvent" ("runId", sequence, type, data, "createdAt")
    SELECT $1, e.sequence, e.type, e.data::jsonb, now()
    FROM unnest($2::int[], $3::text[], $4::text[]) AS e(sequence, type, data)
    WHERE ${NOT_ENDED}
    RETURNING sequence, "createdAt")
  SELECT max("createdAt") AS "createdAt", ${notified(`$1 || ':' || max(sequence)`, notify)} FROM inserted HAVING count(*) > 0`

const endSql = (notify: boolean) => `WITH ended AS (
    UPDATE "Run" SET status = $3::"RunStatus", outputs = $4::jsonb, usage = $5::jsonb, error = $6, "finishedAt" = now(), "updatedAt" = now(),
      "workerId" = NULL, "parkedRequests" = NULL
    WHERE id = $1 AND status IN ('running', 'waiting')
    RETURNING id),
  final AS (
    INSERT INTO "RunEvent" ("runId", sequence, type, data, "createdAt")
    SELECT id, $2, $7, $8::jsonb, now() FROM ended
    RETURNING sequence)
  SELECT ${notified(`$1 || ':' || sequence`, notify)} FROM final`

const wholeRunSql = (notify: boolean) => `WITH version AS (
    SELECT v.id, v.version, w.id AS "workflowId" FROM "WorkflowVersion" v JOIN "Workflow" w ON w.id = v."workflowId"
    WHERE w.id = $1 AND w."ownerId" = $2
    ORDER BY v.version DESC LIMIT 1),
  run AS (
    INSERT INTO "Run" (id, "workflowId", "versionId", input, "ownerId", status, outputs, usage, attempts, "checkpointId", "checkpointSequence",
      "createdAt", "startedAt", "finishedAt", "updatedAt")
    SELECT gen_random_uuid(), "workflowId", id, $3::jsonb, $2, $4::"RunStatus", $5::jsonb, $6::jsonb, 1, $7, $8::int, now(), now(), now(), now() FROM version
    RETURNING id),
  events AS (
    INSERT INTO "RunEvent" ("runId", sequence, type, data, "createdAt")
    SELECT run.id, e.sequence, e.type, e.data::jsonb, now()
    FROM run, unnest($9::int[], $10::text[], $11::text[]) AS e(sequence, type, data)
    RETURNING sequence),
  checkpoints AS (
    INSERT INTO "Checkpoint" (id, "runId", "workflowName", "previousId", data, "createdAt")
    SELECT c.id, run.id, $12, c.previous, c.data::jsonb, c.at
    FROM run, unnest($13::text[], $14::text[], $15::text[], $16::timestamp[]) AS c(id, previous, data, at))
  SELECT run.id, ${notified(`run.id || ':' || (SELECT max(sequence) FROM events)`, notify)} FROM run`

interface EventColumns {
  sequences: number[]
  types: string[]
  data: string[]
}

export interface StatementOptions {
  /** Named statements, parsed and planned once per connection (the app's own statements are not). */
  prepared: boolean
  /** pg_notify in the event statements, as the app does. */
  notify: boolean
}

/** Builds each statement's query config. */
export class FloorStatements {
  private readonly supersteps: EventColumns[]
  private readonly workflowName: string
  private readonly input: string
  private readonly outputs: string
  private readonly usage: string
  private readonly final: { type: string; data: string }
  /** The sequence the final event gets (after run_queued and every superstep's events). */
  private readonly finalSequence: number
  private readonly texts: { superstep: string; end: string; wholeRun: string }

  constructor(
    private readonly rows: RunRows,
    private readonly seed: FloorSeed,
    private readonly options: StatementOptions,
  ) {
    this.texts = { superstep: superstepSql(options.notify), end: endSql(options.notify), wholeRun: wholeRunSql(options.notify) }
    let sequence = 1
    this.supersteps = rows.supersteps.map((superstep) => ({
      sequences: superstep.events.map(() => ++sequence),
      types: superstep.events.map((event) => event.type),
      data: superstep.events.map((event) => JSON.stringify(event.data ?? {})),
    }))
    this.finalSequence = sequence + 1
    this.workflowName = rows.supersteps[0].checkpoint.workflowName
    this.input = JSON.stringify(rows.input)
    this.outputs = JSON.stringify(rows.outcome.outputs)
    this.usage = JSON.stringify(rows.outcome.usage ?? null)
    this.final = { type: rows.final.type, data: JSON.stringify(rows.final.data ?? {}) }
  }

  get superstepCount(): number {
    return this.supersteps.length
  }

  private query(name: string, text: string, values: unknown[]): pg.QueryConfig {
    return { name: this.options.prepared ? `floor_${name}${this.options.notify ? '' : '_quiet'}` : undefined, text, values }
  }

  create(): pg.QueryConfig {
    return this.query('create', CREATE, [this.seed.workflowId, null, this.seed.userId, this.input, this.seed.userId])
  }

  take(): pg.QueryConfig {
    return this.query('take', TAKE, [this.seed.workerId])
  }

  /** Superstep `index` of a run whose events so far end at `lastSequence` (1 after the create). */
  superstep(run: TakenRun, index: number, checkpoints: CheckpointChain): pg.QueryConfig {
    const events = this.supersteps[index]
    const offset = run.lastSequence - 1
    const sequences = offset === 0 ? events.sequences : events.sequences.map((sequence) => sequence + offset)
    const { id, previousId, json, timestamp } = checkpoints.next(index)
    return this.query('superstep', this.texts.superstep, [
      run.runId,
      sequences,
      events.types,
      events.data,
      id,
      this.workflowName,
      previousId,
      json,
      timestamp,
      sequences[sequences.length - 1],
    ])
  }

  end(run: TakenRun): pg.QueryConfig {
    const sequence = this.finalSequence + run.lastSequence - 1
    return this.query('end', this.texts.end, [run.runId, sequence, this.rows.outcome.status, this.outputs, this.usage, null, this.final.type, this.final.data])
  }

  /** A whole run in one statement. */
  wholeRun(): pg.QueryConfig {
    const checkpoints = new CheckpointChain(this.rows)
    const chain = this.supersteps.map((_, i) => checkpoints.next(i))
    const queued = JSON.stringify({ workflowId: this.seed.workflowId, version: 1 })
    return this.query('whole_run', this.texts.wholeRun, [
      this.seed.workflowId,
      this.seed.userId,
      this.input,
      this.rows.outcome.status,
      this.outputs,
      this.usage,
      chain[chain.length - 1].id,
      this.finalSequence - 1,
      [1, ...this.supersteps.flatMap((s) => s.sequences), this.finalSequence],
      ['run_queued', ...this.supersteps.flatMap((s) => s.types), this.final.type],
      [queued, ...this.supersteps.flatMap((s) => s.data), this.final.data],
      this.workflowName,
      chain.map((c) => c.id),
      chain.map((c) => c.previousId),
      chain.map((c) => c.json),
      chain.map((c) => c.timestamp),
    ])
  }
}

/** A run's checkpoints: fresh ids, each pointing at the one before, documents as the app stores them. */
export class CheckpointChain {
  private previousId: string | null = null
  private readonly timestamp = new Date().toISOString()

  constructor(private readonly rows: RunRows) {}

  next(index: number): { id: string; previousId: string | null; json: string; timestamp: string } {
    const id = randomUUID()
    const previousId = this.previousId
    this.previousId = id
    return {
      id,
      previousId,
      timestamp: this.timestamp,
      json: checkpointJson(this.rows, index, { checkpointId: id, previousCheckpointId: previousId, timestamp: this.timestamp }),
    }
  }
}
