/**
 * A run's checkpoints, and which one it resumes from. The engine saves a checkpoint at the end of
 * every superstep, before it emits `superstep_completed`; the checkpoint and the run's resume point
 * (`checkpointId` with `checkpointSequence`, the last event that checkpoint covers) are stored in
 * the same statement as that event, so a worker taking the run over never pairs a checkpoint with
 * events it does not cover, nor finds a resume point without its checkpoint.
 *
 * A run in `exit` durability (lib/contracts/durability.ts) commits nothing until it ends or parks:
 * its checkpoints are held, and only the latest is stored, with that last batch (carryHeld).
 */
import type { CheckpointStorage, UsageDetails, WorkflowCheckpoint } from '@/lib/core'
import { PostgresCheckpointStorage } from '../../checkpoints/postgres-checkpoint-storage'
import { sealedCheckpointText } from '../../checkpoints/sealed-checkpoint'
import type { Prisma } from '../../db/database'
import type { SecretBox } from '../../secrets/secret-box'
import type { BatchStatement, RunEventWriter } from '../events/run-event-writer'

export class CheckpointPointers implements CheckpointStorage {
  private readonly storage: PostgresCheckpointStorage
  /** Saved checkpoints by the superstep they end (the engine may run ahead of the recorder). */
  private readonly byIteration = new Map<number, string>()
  private latestId: string | undefined
  /** An `exit` run's latest checkpoint, not yet handed to the writer. */
  private held: WorkflowCheckpoint | undefined

  constructor(
    prisma: Prisma,
    runId: string,
    /** The run's writer: a checkpoint is stored with its next batch of events. */
    private readonly writer: RunEventWriter,
    /** Seals checkpoints at rest (sealed-checkpoint.ts). */
    private readonly box: SecretBox,
    /** Hold checkpoints until carryHeld (an `exit` run) instead of storing each with the next batch. */
    private readonly holdLatest = false,
  ) {
    this.storage = new PostgresCheckpointStorage(prisma, box, runId)
  }

  /** The last checkpoint saved in this process. */
  get latest(): string | undefined {
    return this.latestId
  }

  /**
   * Hands the checkpoint to the run's writer, which stores it with its next batch — the one that
   * holds the superstep's `superstep_completed` and the resume point — so a superstep costs one
   * statement, not two, and the engine does not wait for it. A failure to store it fails that
   * batch, which the recorder reports.
   */
  async save(checkpoint: WorkflowCheckpoint): Promise<string> {
    const id = checkpoint.checkpointId
    if (this.holdLatest) this.held = checkpoint
    else this.carry(checkpoint)
    this.byIteration.set(checkpoint.iterationCount, id)
    this.latestId = id
    return id
  }

  /** Hands the held checkpoint (an `exit` run's latest) to the writer: it is stored with the batch that ends or parks the run. */
  carryHeld(): void {
    const held = this.held
    this.held = undefined
    if (held) this.carry(held)
  }

  private carry(checkpoint: WorkflowCheckpoint): void {
    const id = checkpoint.checkpointId
    const data = sealedCheckpointText(this.box, checkpoint)
    this.writer
      .carry((first) => ({
        sql: `checkpoint_${first} AS (
          INSERT INTO "Checkpoint" (id, "runId", "workflowName", "previousId", data, "createdAt")
          VALUES ($${first}, $1, $${first + 1}, $${first + 2}, $${first + 3}::jsonb, $${first + 4}::timestamp)
          ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data)`,
        params: [id, checkpoint.workflowName, checkpoint.previousCheckpointId ?? null, data, checkpoint.timestamp],
      }))
      .catch(() => {})
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

  /**
   * The statement that makes superstep `iteration`'s checkpoint the run's resume point, if it was saved, with the
   * tokens used up to it: a run continued or resumed from there counts on from them, not from zero.
   */
  pointerFor(iteration: number, usage: UsageDetails | undefined): ((firstParam: number, sequence: number) => BatchStatement) | undefined {
    const checkpointId = this.byIteration.get(iteration)
    if (checkpointId === undefined) return undefined
    this.byIteration.delete(iteration)
    return (first, sequence) => ({
      sql: `resume_point_${first} AS (UPDATE "Run" SET "checkpointId" = $${first}, "checkpointSequence" = $${first + 1}::int, usage = $${first + 2}::jsonb WHERE id = $1)`,
      params: [checkpointId, sequence, usage === undefined ? null : JSON.stringify(usage)],
    })
  }
}
