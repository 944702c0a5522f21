/**
 * Who holds a run. A worker that takes a run writes its id into the row (`workerId`) and refreshes
 * `heartbeatAt` while it works on it; that is the run's lease. A run is taken when it is queued,
 * when it was released (its worker shut down, or died and lost its lease), or when it was parked
 * for people and every one of them has answered. Everything is decided by single statements on the
 * database's clock, so two workers never both take a run and hosts' clocks do not matter.
 */
import type { UsageDetails } from '@/lib/core'
import type { TurnStart } from '../../conversations/turn-start'
import { nameOwnerFrom, type NameOwner } from '../../auth/name-owner'
import { runScope, type RunScope } from '../../auth/principal'
import type { SqlRunner } from '../../db/sql'
import { queueExperimentStepExpression, strandedExperimentStepsQuery } from './experiment-step-queue'
import { WAKE_RUN_WORKERS } from './run-queue'

type Sql = Pick<SqlRunner, 'query'>

/**
 * A parked run (alias r) can go on: every request is answered, or a person declined an input step
 * (the run then fails at once, whatever the other requests' fate).
 */
const ANSWERS_IN = `(NOT EXISTS (SELECT 1 FROM "ApprovalRequest" a WHERE a."runId" = r.id AND a.status = 'pending')
  OR EXISTS (SELECT 1 FROM "ApprovalRequest" a WHERE a."runId" = r.id AND a."requestId" IS NOT NULL AND a.kind = 'human_input' AND a.status IN ('denied', 'expired')))`

export interface ClaimedRun {
  id: string
  input: unknown
  /** A workflow's run: the version it runs (null for a conversation turn). */
  versionId: string | null
  /** A conversation turn: the agent version it runs and the conversation it continues. */
  agentVersionId: string | null
  conversationId: string | null
  /** The workflow a run belongs to (null for a conversation turn). */
  workflowId: string | null
  workflowSettings: unknown
  /** Who started it (null: from before sign-in). */
  ownerId: string | null
  /** What the run may use: its workspace's rows, or all for a run an admin started and not held to its workspace (see run-setup.ts). */
  ownerScope: RunScope
  /**
   * Whose MCP server ids and skill names its document means: the workflow's workspace, or for a conversation
   * turn the agent's (name-owner.ts's `runNameOwner`, read with the claim rather than after it).
   */
  nameOwner: NameOwner
  checkpointId: string | null
  checkpointSequence: number | null
  /** The requests a parked run waited on (their answers are in), or null. */
  parkedRequests: unknown
  /** The tokens used up to the resume point (stored with it), or null. */
  usage: UsageDetails | null
  /** An experiment row's run: its end queues the experiment's step, and so commits alone (endRun). */
  experimentId: string | null
  /** 1 on the first take. */
  attempts: number
  lastSequence: number
  /**
   * The claim stored the run's `run_started` (a run that starts from its input) as its resume point:
   * the executor does not write it again. False for a run inserted claimed (run-now.ts) and for a run
   * that goes on from a resume point.
   */
  started: boolean
  /** When the claim stored `run_started` (as stored: its event's `createdAt`), or null when it did not. */
  startedAt: Date | null
  /**
   * The `run_queued` event its create stored, when the claim stored `run_started` right after it (numbered 1 and 2):
   * with it, readers here have the run's events from the first in memory (local-run-feed.ts). Null otherwise.
   */
  queued: { data: unknown; createdAt: Date } | null
  /** Its follow mark (RunEventLog.followAs): announced to other processes when RunEventLog.othersFollow says so. */
  followed: boolean
  followerProcess: string | null
  /** When its progress commits (lib/contracts/durability.ts; null: sync). */
  durability: string | null
  /** A debug run's breakpoints and pins (lib/contracts/run-debug.ts), as stored; null or absent for any other run. */
  debug?: unknown
  /**
   * A turn inserted claimed by this process (run-now.ts): what it starts from, read by the statement that inserted it,
   * so its executor reads nothing more (agent-conversation.ts). Absent for every other take, which reads it.
   */
  turnStart?: TurnStart
}

/** A run (alias r) that a worker may take: queued, or released by its worker with nobody to wait for. */
const CLAIMABLE = `(r.status = 'queued'
  OR (r.status IN ('running', 'waiting') AND r."workerId" IS NULL AND (r."parkedRequests" IS NULL OR ${ANSWERS_IN})))`

/** Whether the run has no resume point, as the picking SELECT's lock read it (FOR UPDATE reads a row's newest version). */
const FRESH = `"checkpointSequence" IS NULL AS fresh`

type ClaimedRow = Omit<ClaimedRun, 'ownerScope' | 'nameOwner' | 'queued'> & {
  queuedData: unknown
  queuedAt: Date | null
  workspaceId: string | null
  ownerRole: string | null
  workspaceScoped: boolean
  nameWorkspaceId: string | null
  nameOwnerRole: string | null
}

/** A claim's rows: one per run taken, or one with a null id when it took none; each says how many runs it looked at. */
type ClaimRow = (ClaimedRow | ({ [K in keyof ClaimedRow]: null } & { id: null })) & { picked: number }

/**
 * The claim of the runs `picked` selects (locked, with `id` and `fresh`): each that may be taken is taken for the worker
 * in `$1`, and every one picked is no longer ready (one that may not be taken is held by another worker, over, or still
 * waiting for people: whatever changes that marks it ready again). The conditions of a take are the UPDATEs' own, which
 * Postgres checks again on the newest version of a row another claim changed meanwhile: two workers never both take a
 * run. A run without a resume point starts from its input: the same statement stores its `run_started` and makes that
 * event its resume point, so a worker that dies before the first checkpoint leaves a run that restarts from its input,
 * and starting costs no statement of its own.
 */
function claimSql(picked: string): string {
  return `WITH picked AS (${picked}),
     passed AS (UPDATE "Run" r SET "readyAt" = NULL FROM picked p WHERE r.id = p.id AND NOT ${CLAIMABLE} AND r."readyAt" IS NOT NULL),
     claimed AS (
       UPDATE "Run" r SET status = 'running', "workerId" = $1, "heartbeatAt" = now(), "startedAt" = COALESCE(r."startedAt", now()),
         attempts = r.attempts + 1, "updatedAt" = now(), "readyAt" = NULL,
         "checkpointSequence" = CASE WHEN p.fresh THEN (SELECT COALESCE(MAX(e.sequence), 0) + 1 FROM "RunEvent" e WHERE e."runId" = r.id) ELSE r."checkpointSequence" END
       FROM picked p
       WHERE r.id = p.id AND ${CLAIMABLE}
       RETURNING r.id, r.input, r."versionId", r."agentVersionId", r."conversationId", r."workflowId", r."ownerId", r."workspaceId", r."checkpointId", r."checkpointSequence", r."parkedRequests", r.attempts,
         r.usage, r.followed, r."followerProcess", r.durability, r.debug, r."workspaceScoped", r."experimentId", p.fresh AS started),
     run_started AS (
       INSERT INTO "RunEvent" ("runId", sequence, type, data, "createdAt")
       SELECT c.id, c."checkpointSequence", 'run_started', '{}'::jsonb, now() FROM claimed c WHERE c.started
       RETURNING "runId", "createdAt"),
     taken AS (
     SELECT c.id, c.input, c."versionId", c."agentVersionId", c."conversationId", c."workflowId", w.settings AS "workflowSettings", c."checkpointId", c."checkpointSequence", c."parkedRequests", c.attempts,
       c.usage, c.followed, c."followerProcess", c.started, s."createdAt" AS "startedAt", q.data AS "queuedData", q."createdAt" AS "queuedAt",
       c.durability, c.debug, c."experimentId",
       c."ownerId", c."workspaceId", u.role AS "ownerRole", c."workspaceScoped",
       d."workspaceId" AS "nameWorkspaceId", nu.role AS "nameOwnerRole",
       CASE WHEN c.started THEN c."checkpointSequence" ELSE COALESCE((SELECT MAX(sequence) FROM "RunEvent" e WHERE e."runId" = c.id), 0) END AS "lastSequence"
     FROM claimed c LEFT JOIN run_started s ON s."runId" = c.id
       LEFT JOIN "RunEvent" q ON c.started AND c."checkpointSequence" = 2 AND q."runId" = c.id AND q.sequence = 1 AND q.type = 'run_queued'
       LEFT JOIN "Workflow" w ON w.id = c."workflowId" LEFT JOIN "User" u ON u.id = c."ownerId"
       LEFT JOIN "AgentVersion" av ON av.id = c."agentVersionId" LEFT JOIN "Agent" a ON a.id = av."agentId"
       CROSS JOIN LATERAL (SELECT CASE WHEN w.id IS NOT NULL THEN w."ownerId" WHEN a.id IS NOT NULL THEN a."ownerId" ELSE c."ownerId" END AS "ownerId",
         CASE WHEN w.id IS NOT NULL THEN w."workspaceId" WHEN a.id IS NOT NULL THEN a."workspaceId" ELSE c."workspaceId" END AS "workspaceId") d
       LEFT JOIN "User" nu ON nu.id = d."ownerId")
     SELECT n.picked, taken.* FROM (SELECT count(*)::int AS picked FROM picked) n LEFT JOIN taken ON true`
}

function claimedRuns(rows: ClaimRow[]): ClaimedRun[] {
  return rows.flatMap(({ picked: _picked, ...row }) => (row.id === null ? [] : [claimedRun(row as ClaimedRow)]))
}

function claimedRun(row: ClaimedRow): ClaimedRun {
  const { workspaceId, ownerRole, workspaceScoped, nameWorkspaceId, nameOwnerRole, queuedData, queuedAt, ...run } = row
  // A run held to its workspace when it was started keeps to it, whatever its starter's account role is now.
  return {
    ...run,
    queued: queuedAt ? { data: queuedData, createdAt: queuedAt } : null,
    ownerScope: runScope(workspaceId, workspaceScoped ? null : ownerRole),
    nameOwner: nameOwnerFrom(nameWorkspaceId, nameOwnerRole),
  }
}

/** What a claim of ready runs took, and how many ready runs it looked at (as many as it asked for: more may be ready). */
export interface ReadyRunsClaim {
  runs: ClaimedRun[]
  looked: number
}

/**
 * Looks at up to `limit` ready runs, the longest ready first, and takes for `workerId` those it may, in one statement:
 * ready runs another claim holds locked are skipped (they are that claim's), so workers claiming at once never wait on
 * each other.
 */
export async function claimReadyRuns(sql: Sql, workerId: string, limit: number): Promise<ReadyRunsClaim> {
  const rows = await sql.query<ClaimRow>(
    claimSql(`SELECT id, ${FRESH} FROM "Run" WHERE "readyAt" IS NOT NULL ORDER BY "readyAt" LIMIT $2 FOR UPDATE SKIP LOCKED`),
    [workerId, limit],
  )
  return { runs: claimedRuns(rows), looked: rows[0]?.picked ?? 0 }
}

/**
 * Takes this run for `workerId` if nobody may be working on it, ready or not; undefined when it is not to be taken.
 * Workers take ready runs (claimReadyRuns); tests take a named run with this, to execute it step by step.
 */
export async function claimRun(sql: Sql, runId: string, workerId: string): Promise<ClaimedRun | undefined> {
  const [run] = claimedRuns(await sql.query<ClaimRow>(claimSql(`SELECT id, ${FRESH} FROM "Run" WHERE id = $2 FOR UPDATE`), [workerId, runId]))
  return run
}

/**
 * Refreshes the lease of the runs this worker holds; returns, for each still held, its status
 * (a cancel shows as `cancelled`). A run missing from the answer is no longer this worker's.
 */
export async function renewLeases(sql: Sql, runIds: readonly string[], workerId: string): Promise<Map<string, string>> {
  if (runIds.length === 0) return new Map()
  const rows = await sql.query<{ id: string; status: string }>(
    // Rows locked in the order of their ids, as a group commit takes them (group-commit.ts): never a deadlock between the two.
    `WITH held AS (SELECT id FROM "Run" WHERE id = ANY($1::text[]) AND "workerId" = $2 ORDER BY id FOR UPDATE)
     UPDATE "Run" r SET "heartbeatAt" = now() FROM held WHERE r.id = held.id AND r."workerId" = $2 RETURNING r.id, r.status`,
    [runIds, workerId],
  )
  return new Map(rows.map((row) => [row.id, row.status]))
}

/** What a sweep of lapsed leases queued again: runs (ids) and experiments whose step was stranded (ids). */
export interface LapsedWork {
  runs: string[]
  experiments: string[]
}

/**
 * Releases runs whose worker stopped renewing its lease `leaseMs` ago (it died, or froze), and marks each ready so
 * another worker resumes it from its last checkpoint. Also queues again an experiment's step whose worker died
 * (experiment-step-queue.ts): one statement for both, as the sweep runs every half lease on every worker.
 */
export async function releaseLapsedLeases(sql: Sql, leaseMs: number): Promise<LapsedWork> {
  const rows = await sql.query<{ kind: 'run' | 'experiment'; id: string }>(
    `WITH lapsed AS (
       SELECT id FROM "Run"
       WHERE status IN ('running', 'waiting') AND "workerId" IS NOT NULL AND "heartbeatAt" < now() - make_interval(secs => $1)
       FOR UPDATE SKIP LOCKED),
     released AS (UPDATE "Run" r SET "workerId" = NULL, "readyAt" = now(), "updatedAt" = now() FROM lapsed WHERE r.id = lapsed.id RETURNING r.id),
     stranded_steps AS (${strandedExperimentStepsQuery('make_interval(secs => $1)')})
     SELECT 'run' AS kind, id, ${WAKE_RUN_WORKERS} AS woke FROM released
     UNION ALL
     SELECT 'experiment', id, ${queueExperimentStepExpression('id')} IS NOT NULL FROM stranded_steps`,
    [leaseMs / 1000],
  )
  return {
    runs: rows.filter((row) => row.kind === 'run').map((row) => row.id),
    experiments: rows.filter((row) => row.kind === 'experiment').map((row) => row.id),
  }
}

/** Gives the run back (this worker is shutting down): it is ready again, and another worker resumes it. */
export async function releaseRun(sql: Sql, runId: string, workerId: string): Promise<void> {
  await sql.query(
    `WITH released AS (UPDATE "Run" SET "workerId" = NULL, "readyAt" = now(), "updatedAt" = now() WHERE id = $1 AND "workerId" = $2 AND status IN ('running', 'waiting') RETURNING id)
     SELECT ${WAKE_RUN_WORKERS} FROM released`,
    [runId, workerId],
  )
}

/**
 * Parks the run: it waits for people and no worker holds it. Should every request already be
 * answered (a person was quick), the run is ready at once; either this statement or the answer
 * sees the other's write, so a run is never left parked with all its answers in.
 */
export async function parkRun(sql: Sql, runId: string, workerId: string, requests: unknown): Promise<void> {
  await sql.query(
    `UPDATE "Run" SET "workerId" = NULL, status = 'waiting', "parkedRequests" = $3::jsonb, "updatedAt" = now()
     WHERE id = $1 AND "workerId" = $2 AND status IN ('running', 'waiting')`,
    [runId, workerId, JSON.stringify(requests)],
  )
  await queueIfAnswered(sql, runId)
}

/** Marks a parked run whose answers are in ready (called after each answer and expiry). */
export async function queueIfAnswered(sql: Sql, runId: string): Promise<void> {
  await sql.query(
    `WITH ready AS (
       UPDATE "Run" r SET "readyAt" = now()
       WHERE r.id = $1 AND r."workerId" IS NULL AND r."parkedRequests" IS NOT NULL AND r.status IN ('running', 'waiting') AND ${ANSWERS_IN}
       RETURNING r.id)
     SELECT ${WAKE_RUN_WORKERS} FROM ready`,
    [runId],
  )
}
