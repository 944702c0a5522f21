/**
 * Checkpoints as `{checkpointId}.json` files in one directory. Writes go to a temporary file that is
 * renamed into place, so a crash never leaves a half-written checkpoint behind.
 */
import { mkdir, readFile, readdir, rename, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { UserError } from '../errors'
import type { CheckpointStorage, WorkflowCheckpoint } from './checkpoint'
import { WorkflowCheckpointError } from './errors'

const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/

export class FileCheckpointStorage implements CheckpointStorage {
  readonly directory: string
  private ready?: Promise<unknown>

  constructor(directory: string) {
    if (!directory) throw new UserError('FileCheckpointStorage needs a directory.')
    this.directory = path.resolve(directory)
  }

  async save(checkpoint: WorkflowCheckpoint): Promise<string> {
    const file = this.fileFor(checkpoint.checkpointId)
    await (this.ready ??= mkdir(this.directory, { recursive: true }).catch((error: unknown) => {
      this.ready = undefined // a later save may succeed (e.g. once permissions are fixed)
      throw error
    }))
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`
    await writeFile(temporary, JSON.stringify(checkpoint), 'utf8')
    await rename(temporary, file)
    return checkpoint.checkpointId
  }

  async load(checkpointId: string): Promise<WorkflowCheckpoint | undefined> {
    let text: string
    try {
      text = await readFile(this.fileFor(checkpointId), 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
    try {
      return JSON.parse(text) as WorkflowCheckpoint
    } catch (error) {
      throw new WorkflowCheckpointError(`Checkpoint ${checkpointId} is not valid JSON.`, { cause: error })
    }
  }

  /** Unreadable files are skipped (a concurrent writer or a corrupt file must not break listing). */
  async list(options: { workflowName?: string } = {}): Promise<WorkflowCheckpoint[]> {
    let names: string[]
    try {
      names = await readdir(this.directory)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return []
      throw error
    }
    const checkpoints: WorkflowCheckpoint[] = []
    for (const name of names) {
      if (!name.endsWith('.json')) continue
      try {
        const checkpoint = JSON.parse(await readFile(path.join(this.directory, name), 'utf8')) as WorkflowCheckpoint
        if (options.workflowName === undefined || checkpoint.workflowName === options.workflowName) checkpoints.push(checkpoint)
      } catch {
        continue
      }
    }
    return checkpoints.sort((a, b) => a.timestamp.localeCompare(b.timestamp) || a.iterationCount - b.iterationCount)
  }

  async delete(checkpointId: string): Promise<boolean> {
    try {
      await unlink(this.fileFor(checkpointId))
      return true
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
      throw error
    }
  }

  private fileFor(checkpointId: string): string {
    if (!SAFE_ID.test(checkpointId)) throw new WorkflowCheckpointError(`Invalid checkpoint id '${checkpointId}'.`)
    return path.join(this.directory, `${checkpointId}.json`)
  }
}
