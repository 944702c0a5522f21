/**
 * A run's checkpoints, and which one it resumes from. The engine saves a checkpoint at the end of
 * every superstep, before it emits `superstep_completed`; the run's resume point (`checkpointId`
 * with `checkpointSequence`, the last event that checkpoint covers) moves in the same statement
 * that stores that event, so a worker taking the run over never pairs a checkpoint with events it
 * does not cover.
 */
import type { CheckpointStorage, WorkflowCheckpoint } from '@/lib/core'
import { PostgresCheckpointStorage } from '../checkpoints/postgres-checkpoint-storage'
import type { Prisma } from '../db/database'
import type { BatchStatement } from './run-event-writer'

export class CheckpointPointers implements CheckpointStorage {
  private readonly storage: PostgresCheckpointStorage
  /** Saved checkpoints by the superstep they end (the engine may run ahead of the recorder). */
  private readonly byIteration = new Map<number, string>()
  private latestId: string | undefined

  constructor(prisma: Prisma, runId: string) {
    this.storage = new PostgresCheckpointStorage(prisma, runId)
  }

  /** The last checkpoint saved in this process. */
  get latest(): string | undefined {
    return this.latestId
  }

  async save(checkpoint: WorkflowCheckpoint): Promise<string> {
    const id = await this.storage.save(checkpoint)
    this.byIteration.set(checkpoint.iterationCount, id)
    this.latestId = id
    return id
  }

  load(checkpointId: string): Promise<WorkflowCheckpoint | undefined> {
    return this.storage.load(checkpointId)
  }

  list(options?: { workflowName?: string }): Promise<WorkflowCheckpoint[]> {
    return this.storage.list(options)
  }

  delete(checkpointId: string): Promise<boolean> {
    return this.storage.delete(checkpointId)
  }

  /** The statement that makes superstep `iteration`'s checkpoint the run's resume point, if it was saved. */
  pointerFor(iteration: number): ((firstParam: number, sequence: number) => BatchStatement) | undefined {
    const checkpointId = this.byIteration.get(iteration)
    if (checkpointId === undefined) return undefined
    this.byIteration.delete(iteration)
    return (first, sequence) => ({
      sql: `resume_point_${first} AS (UPDATE "Run" SET "checkpointId" = $${first}, "checkpointSequence" = $${first + 1}::int WHERE id = $1)`,
      params: [checkpointId, sequence],
    })
  }
}
