/**
 * "Run now": a run someone waits for synchronously (a `/v1/responses` request, a chat message)
 * skips the queue when the process that received the request hosts a run worker with a free slot.
 * The run is inserted already claimed by that worker (status running, its workerId, a fresh
 * heartbeat: the same lease a queued run gets from its claim), never marked ready, and the worker executes
 * it at once. It stays as durable as any run: its lease is renewed with the worker's others, and
 * should this process die, releaseLapsedLeases queues it and another worker resumes it from its
 * last checkpoint. Without a local worker or a free slot the run is queued as before.
 *
 * The services ask for a slot before their insert and hand it the inserted row; a slot not used
 * (the insert refused: 404, 409) is given back.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import { nameOwnerFrom } from '../../auth/name-owner'
import { runScope, type Principal } from '../../auth/principal'
import type { LocalRunFeed } from '../events/local-run-feed'
import type { ClaimedRun } from './run-lease'
import { WAKE_RUN_WORKERS } from './run-queue'

export interface RunNowSlot {
  /** The worker the run is inserted claimed by. */
  workerId: string
  /** Executes the inserted (committed) run at once in this process. */
  start(run: ClaimedRun, first: RunEvent): void
  /** Nothing was inserted: the slot is free again. */
  release(): void
}

export interface RunNowHost {
  /** A slot of this process's worker, or undefined when it has none free (or is stopping). */
  reserve(): RunNowSlot | undefined
  /** The in-memory events of a run this process executes now (undefined for any other run). */
  feedOf(runId: string): LocalRunFeed | undefined
}

/**
 * The columns of a Run row inserted claimed, as RETURNING gives them: the claim's own columns, from the
 * insert, with the owner of the document it runs (the workflow's, or the agent's) and that owner's role.
 */
export type InsertedRunRow = Pick<
  ClaimedRun,
  'id' | 'input' | 'versionId' | 'agentVersionId' | 'conversationId' | 'workflowId' | 'workflowSettings' | 'turnStart'
> & {
  /** The run's workspace (its document's). */
  workspaceId: string | null
  nameWorkspaceId: string | null
  nameOwnerRole: string | null
  /** A workflow's run: its durability mode (a turn's insert leaves it out: sync). */
  durability?: string | null
  /** A debug run's breakpoints and pins (a turn's insert leaves it out). */
  debug?: unknown
  /** An experiment row's run (an insert that never makes one leaves it out). */
  experimentId?: string | null
}

/** The run as a claim would have returned it: a first take, from its input, after its `run_queued` event. */
export function claimedAtInsert(inserted: InsertedRunRow, owner: Pick<Principal, 'userId' | 'role'>): ClaimedRun {
  const { workspaceId, nameWorkspaceId, nameOwnerRole, durability = null, experimentId = null, ...row } = inserted
  return {
    ...row,
    durability,
    experimentId,
    ownerId: owner.userId,
    ownerScope: runScope(workspaceId, owner.role),
    nameOwner: nameOwnerFrom(nameWorkspaceId, nameOwnerRole),
    checkpointId: null,
    checkpointSequence: null,
    parkedRequests: null,
    usage: null,
    attempts: 1,
    lastSequence: 1,
    // Its executor writes `run_started` (with its first batch); the insert announced the run to nobody.
    started: false,
    startedAt: null,
    followed: false,
    followerProcess: null,
    queued: null,
  }
}

/**
 * The SQL values a run's insert takes for its claim: the worker's id, or null to queue it (ready for any worker: the
 * statement then wakes them, `wakeWorkers`).
 */
export const claimColumns = {
  /** `status`, `"workerId"`, `"heartbeatAt"`, `"startedAt"`, `attempts`, `"readyAt"` for the worker id in parameter `param`. */
  values: (param: string) =>
    `CASE WHEN ${param}::text IS NULL THEN 'queued' ELSE 'running' END::"RunStatus", ${param}::text, ` +
    `CASE WHEN ${param}::text IS NULL THEN NULL ELSE now() END, CASE WHEN ${param}::text IS NULL THEN NULL ELSE now() END, ` +
    `CASE WHEN ${param}::text IS NULL THEN 0 ELSE 1 END, CASE WHEN ${param}::text IS NULL THEN now() END`,
  names: `status, "workerId", "heartbeatAt", "startedAt", attempts, "readyAt"`,
  /** A boolean column for the insert's final SELECT that wakes the workers when the run (alias `run`) was inserted queued. */
  wakeWorkers: (param: string) => `CASE WHEN ${param}::text IS NULL AND run.id IS NOT NULL THEN ${WAKE_RUN_WORKERS} END`,
}
