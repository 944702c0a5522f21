/**
 * The rows one run of the bench's five-node demo workflow (workflows.ts) stores, captured from a
 * real run by `bench/capture-run-rows.ts` into five-node-run-rows.json: the input, each
 * superstep's events in the order the worker stores them with the checkpoint that ends it, and the
 * outcome with its final event. The `run_queued` event is not in the file: the create builds it in
 * SQL. Checkpoint documents are kept without their ids and timestamp, which are new for every run.
 * The storage floor (storage-floor.ts) writes these rows literally.
 */
import { readFileSync } from 'node:fs'
import { z } from 'zod'

export const RUN_ROWS_FILE = new URL('./five-node-run-rows.json', import.meta.url)

const eventSchema = z.object({ type: z.string().min(1), data: z.unknown() })

const runRowsSchema = z.object({
  capturedFrom: z.string(),
  input: z.string(),
  supersteps: z
    .array(
      z.object({
        events: z.array(eventSchema).min(1),
        /** A WorkflowCheckpoint without checkpointId, previousCheckpointId and timestamp. */
        checkpoint: z.object({ workflowName: z.string().min(1) }).catchall(z.unknown()),
      }),
    )
    .min(1),
  final: eventSchema,
  outcome: z.object({ status: z.enum(['succeeded', 'failed']), outputs: z.array(z.unknown()), usage: z.unknown() }),
})

export type RunRows = z.infer<typeof runRowsSchema>

export function parseRunRows(value: unknown): RunRows {
  const parsed = runRowsSchema.safeParse(value)
  if (!parsed.success) throw new Error(`${RUN_ROWS_FILE.pathname} is not a captured run: ${z.prettifyError(parsed.error)}`)
  return parsed.data
}

export function loadRunRows(): RunRows {
  return parseRunRows(JSON.parse(readFileSync(RUN_ROWS_FILE, 'utf8')))
}

export interface CheckpointIds {
  checkpointId: string
  previousCheckpointId: string | null
  timestamp: string
}

/** Superstep `index`'s checkpoint document as the app stores it, with this run's ids and time. */
export function checkpointJson(rows: RunRows, index: number, ids: CheckpointIds): string {
  const { previousCheckpointId, ...rest } = ids
  return JSON.stringify({ ...rows.supersteps[index].checkpoint, ...rest, ...(previousCheckpointId === null ? {} : { previousCheckpointId }) })
}

/** The run's events in all (`run_queued` and the final one included), supersteps completed, checkpoints, mean checkpoint JSON bytes. */
export function runRowsShape(rows: RunRows): { events: number; supersteps: number; checkpoints: number; checkpointBytes: number } {
  const events = rows.supersteps.flatMap((superstep) => superstep.events)
  const sampleId = '00000000-0000-4000-8000-000000000000'
  const bytes = rows.supersteps.map(
    (_, i) => checkpointJson(rows, i, { checkpointId: sampleId, previousCheckpointId: i === 0 ? null : sampleId, timestamp: new Date(0).toISOString() }).length,
  )
  return {
    events: events.length + 2,
    supersteps: events.filter((event) => event.type === 'superstep_completed').length,
    checkpoints: rows.supersteps.length,
    checkpointBytes: bytes.reduce((a, b) => a + b, 0) / bytes.length,
  }
}
