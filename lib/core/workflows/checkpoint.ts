/**
 * Checkpoints: the whole resumable state of a run at a superstep boundary, as plain JSON, so a
 * different process can load it and continue (including answering pending requests).
 */
import type { JSONValue } from './encoding'

export const CHECKPOINT_VERSION = '1.0'

export interface CheckpointMessage {
  sourceId: string
  targetId?: string
  data: JSONValue
}

export interface CheckpointRequest {
  requestId: string
  executorId: string
  data: JSONValue
}

export interface WorkflowCheckpoint {
  checkpointId: string
  workflowName: string
  /** Hash of the graph's shape; restoring onto a different graph is refused. */
  graphSignatureHash: string
  previousCheckpointId?: string
  /** ISO 8601. */
  timestamp: string
  /** Supersteps completed when the checkpoint was taken. */
  iterationCount: number
  /** Messages sent in the last superstep, waiting for delivery. */
  messages: CheckpointMessage[]
  /** Committed workflow state (encoded). */
  state: Readonly<Record<string, JSONValue>>
  pendingRequestInfoEvents: Record<string, CheckpointRequest>
  /** What executors returned from onCheckpointSave(), by executor id. */
  executorStates: Record<string, JSONValue>
  /** Messages held by fan-in groups, by edge group id then source id. */
  edgeGroupStates: Record<string, Record<string, JSONValue[]>>
  metadata: Record<string, JSONValue>
  version: string
}

/**
 * Where checkpoints live. Deliberately small so that any store (memory, files, Postgres) can
 * implement it. `list` returns checkpoints oldest first.
 */
export interface CheckpointStorage {
  save(checkpoint: WorkflowCheckpoint): Promise<string>
  load(checkpointId: string): Promise<WorkflowCheckpoint | undefined>
  list(options?: { workflowName?: string }): Promise<WorkflowCheckpoint[]>
  delete(checkpointId: string): Promise<boolean>
}

export interface InMemoryCheckpointStorageOptions {
  /**
   * How many checkpoints to keep; the oldest are dropped beyond it so that long-running loops do
   * not grow memory without bound. Default 100: checkpoints then die young, which keeps
   * checkpointing cheap for the garbage collector. Pass Infinity to keep everything.
   */
  maxCheckpoints?: number
}

export class InMemoryCheckpointStorage implements CheckpointStorage {
  private readonly checkpoints = new Map<string, WorkflowCheckpoint>()
  private readonly maxCheckpoints: number

  constructor(options: InMemoryCheckpointStorageOptions = {}) {
    this.maxCheckpoints = options.maxCheckpoints ?? 100
  }

  // Stored by reference: the runner builds a fresh checkpoint object each superstep and never
  // mutates one it has handed over. load() hands out copies so callers cannot corrupt the store.
  async save(checkpoint: WorkflowCheckpoint): Promise<string> {
    this.checkpoints.set(checkpoint.checkpointId, checkpoint)
    if (this.checkpoints.size > this.maxCheckpoints) {
      const oldest = this.checkpoints.keys().next().value
      if (oldest !== undefined) this.checkpoints.delete(oldest)
    }
    return checkpoint.checkpointId
  }

  async load(checkpointId: string): Promise<WorkflowCheckpoint | undefined> {
    const checkpoint = this.checkpoints.get(checkpointId)
    return checkpoint ? structuredClone(checkpoint) : undefined
  }

  async list(options: { workflowName?: string } = {}): Promise<WorkflowCheckpoint[]> {
    const all = [...this.checkpoints.values()]
    const selected = options.workflowName === undefined ? all : all.filter((c) => c.workflowName === options.workflowName)
    return selected.map((checkpoint) => structuredClone(checkpoint))
  }

  async delete(checkpointId: string): Promise<boolean> {
    return this.checkpoints.delete(checkpointId)
  }

  get size(): number {
    return this.checkpoints.size
  }
}
