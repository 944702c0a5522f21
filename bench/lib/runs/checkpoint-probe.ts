/**
 * A checkpoint's cost, timed in the bench process: copies of checkpoints the benchmark's runs
 * stored (fresh ids, no run) are saved with the app's PostgresCheckpointStorage.save (one Prisma
 * upsert) through the bench's own Prisma client on the same database, while the runs load the
 * database (one save every `intervalMs`) and again when it is quiet. The time includes jsonbSafe,
 * Prisma's query building and the round trip. Since the worker stores a superstep's checkpoint in
 * the statement that stores its events (lib/server/runs/execution/checkpoint-pointers.ts), this standalone
 * save is an upper bound of what a checkpoint adds to a superstep: the app pays no round trip of
 * its own for it. `--statements` times the app's own statements.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { PrismaPg } from '@prisma/adapter-pg'
import type pg from 'pg'
import type { WorkflowCheckpoint } from '../../../lib/core'
import { PrismaClient } from '../../../lib/generated/prisma/client'
import { PostgresCheckpointStorage } from '../../../lib/server/checkpoints/postgres-checkpoint-storage'
import { SecretBox } from '../../../lib/server/secrets/secret-box'
import { appPg } from '../app-pg'
import { sleep } from './app-processes'

export class CheckpointProbe {
  private readonly pool: pg.Pool
  private readonly prisma: InstanceType<typeof PrismaClient>
  private readonly storage: PostgresCheckpointStorage
  private samples: WorkflowCheckpoint[] = []
  /** Saves made, so they can be told apart from the app's in the database's counters. */
  saves = 0

  constructor(url: string) {
    // The app's pg: Prisma's adapter takes a pool of its own pg only (another copy's is read as a config).
    this.pool = new appPg.Pool({ connectionString: url, max: 1 })
    this.pool.on('error', () => {})
    this.prisma = new PrismaClient({ adapter: new PrismaPg(this.pool) })
    // Sealed as the app seals checkpoints at rest, with a throwaway key: the work per save is the same.
    this.storage = new PostgresCheckpointStorage(this.prisma, new SecretBox(randomBytes(32)))
  }

  /** Takes up to `count` checkpoints the app stored (from any run) as the documents to save. */
  async loadSamples(count = 50): Promise<number> {
    const rows = await this.prisma.checkpoint.findMany({ where: { runId: { not: null } }, take: count, orderBy: { createdAt: 'desc' }, select: { data: true } })
    this.samples = rows.map((row) => row.data as unknown as WorkflowCheckpoint)
    return this.samples.length
  }

  get ready(): boolean {
    return this.samples.length > 0
  }

  /** One save of a sampled checkpoint under a fresh id; returns its time in ms. */
  async saveOnce(): Promise<number> {
    const sample = this.samples[this.saves % this.samples.length]
    // Stored checkpoints are sealed envelopes ({ sealed }): saved again as the document of one, they weigh what the app's do.
    const checkpoint: WorkflowCheckpoint = {
      ...sample,
      workflowName: 'bench-probe',
      checkpointId: randomUUID(),
      previousCheckpointId: undefined,
      timestamp: new Date().toISOString(),
    }
    const started = performance.now()
    await this.storage.save(checkpoint)
    this.saves++
    return performance.now() - started
  }

  /** Saves every `intervalMs` until `signal` aborts. */
  async whileLoaded(signal: AbortSignal, intervalMs: number): Promise<number[]> {
    const times: number[] = []
    while (!signal.aborted) {
      try {
        if (this.ready) times.push(await this.saveOnce())
        else await this.loadSamples()
      } catch (error) {
        // The database is going away (the bench was interrupted) or refused: stop probing, keep what was measured.
        if (!signal.aborted) console.error(`[bench] checkpoint probe: ${(error as Error).message.trim().split('\n').pop()}`)
        break
      }
      await sleep(intervalMs)
    }
    return times
  }

  async quiet(count: number): Promise<number[]> {
    if (!this.ready) await this.loadSamples()
    if (!this.ready) return []
    const times: number[] = []
    for (let i = 0; i < count; i++) times.push(await this.saveOnce())
    return times
  }

  async close(): Promise<void> {
    await this.prisma.$disconnect()
    await this.pool.end().catch(() => {})
  }
}
