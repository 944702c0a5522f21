/**
 * When a run's progress is committed (issue #29; LangGraph's names). Browser-safe: the workflow
 * settings, the run request and the run's summary use it.
 * - `sync` (the default): a superstep's events and checkpoint commit before the next superstep
 *   starts (no model call or tool of it runs before); a crash repeats at most the superstep that was running.
 * - `async`: a superstep's commit overlaps the next superstep, and is waited for at the end of that
 *   one; a crash repeats at most the superstep whose commit was in flight and the one running.
 * - `exit`: one commit when the run ends; a crash restarts the run from its input.
 * Whatever the mode, a run that waits for a person commits everything before it parks.
 */
import { z } from 'zod'

export const DURABILITY_MODES = ['sync', 'async', 'exit'] as const
export const durabilityModeSchema = z
  .enum(DURABILITY_MODES)
  .describe(
    'When a run commits its progress: sync (each step before the next; the default), async (while the next step runs), exit (once, at the end; a crash restarts the run). Waiting for a person always commits.',
  )
export type DurabilityMode = z.infer<typeof durabilityModeSchema>

/** A stored mode (a Run column, a workflow setting), `sync` when absent or unknown. */
export function durabilityOf(stored: unknown): DurabilityMode {
  const parsed = durabilityModeSchema.safeParse(stored)
  return parsed.success ? parsed.data : 'sync'
}

/** How the settings dialog and the run page name each mode: what a person chooses, with LangGraph's name after it. */
export const DURABILITY_LABELS: Readonly<Record<DurabilityMode, string>> = {
  sync: 'Each step (sync)',
  async: 'While the next step runs (async)',
  exit: 'Once, at the end (exit)',
}
