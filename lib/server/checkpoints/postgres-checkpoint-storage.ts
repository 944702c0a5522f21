/**
 * Workflow checkpoints in Postgres, so a paused or interrupted run can resume in any process.
 * A storage may be scoped to one run (its checkpoints carry the run id); `list` is oldest first,
 * as the CheckpointStorage contract says. Checkpoints are stored sealed (sealed-checkpoint.ts).
 */
import type { CheckpointStorage, WorkflowCheckpoint } from '@/lib/core'
import type { Prisma } from '../db/database'
import type { SecretBox } from '../secrets/secret-box'
import { openStoredCheckpoint, sealedCheckpointText } from './sealed-checkpoint'

export class PostgresCheckpointStorage implements CheckpointStorage {
  constructor(
    private readonly prisma: Prisma,
    private readonly box: SecretBox,
    private readonly runId?: string,
  ) {}

  async save(checkpoint: WorkflowCheckpoint): Promise<string> {
    const data = JSON.parse(sealedCheckpointText(this.box, checkpoint)) as object
    await this.prisma.checkpoint.upsert({
      where: { id: checkpoint.checkpointId },
      update: { data },
      create: {
        id: checkpoint.checkpointId,
        runId: this.runId ?? null,
        workflowName: checkpoint.workflowName,
        previousId: checkpoint.previousCheckpointId ?? null,
        data,
        createdAt: new Date(checkpoint.timestamp),
      },
    })
    return checkpoint.checkpointId
  }

  async load(checkpointId: string): Promise<WorkflowCheckpoint | undefined> {
    const row = await this.prisma.checkpoint.findFirst({ where: { id: checkpointId, ...this.scope() } })
    return row ? openStoredCheckpoint(this.box, row.data) : undefined
  }

  async list(options: { workflowName?: string } = {}): Promise<WorkflowCheckpoint[]> {
    const rows = await this.prisma.checkpoint.findMany({
      where: { ...this.scope(), ...(options.workflowName === undefined ? {} : { workflowName: options.workflowName }) },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    })
    return rows.map((row) => openStoredCheckpoint(this.box, row.data))
  }

  async delete(checkpointId: string): Promise<boolean> {
    const { count } = await this.prisma.checkpoint.deleteMany({ where: { id: checkpointId, ...this.scope() } })
    return count > 0
  }

  private scope() {
    return this.runId === undefined ? {} : { runId: this.runId }
  }
}
