/**
 * Editing the state a debug run paused at a breakpoint goes on from: the fork edits' vocabulary (run-forks.ts), applied
 * to a copy of the checkpoint it is paused on (lib/server/runs/debugging/run-debugging.ts). Apart from run-debug.ts, which the
 * run contracts import, because it needs the fork contracts, which import those.
 */
import { z } from 'zod'
import { forkEditDiffSchema, forkEditSchema } from './run-forks'

/** `POST /api/runs/:id/debug/state`: edits to the state a paused run goes on from (the fork edits' vocabulary, but the conversations). */
export const editPausedStateBody = z.object({ edits: z.array(forkEditSchema).min(1).max(50) })

export const editedPausedStateSchema = z.object({ checkpointId: z.string(), edits: z.array(forkEditDiffSchema) })
