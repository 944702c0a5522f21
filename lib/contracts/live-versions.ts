/**
 * POST /api/workflows/:id/live/versions (issue #30): the workflow's live document — what everyone
 * editing it together sees — saved as the next version. No base version: the live document is the
 * one everybody edits, so there is nothing for it to be stale against. It is validated like any save
 * (400 `invalid_graph` with its problems); the answer says who saved it.
 */
import { z } from 'zod'
import { safeText } from './safe-text'
import { workflowVersionSchema } from './workflows'

export const saveLiveVersionRequestSchema = z.object({
  note: safeText().trim().max(500, 'A note can be at most 500 characters.').optional(),
})
export type SaveLiveVersionRequest = z.input<typeof saveLiveVersionRequestSchema>

export const liveVersionResponseSchema = z.object({
  version: workflowVersionSchema,
  savedBy: z.object({ id: z.string(), name: z.string() }),
})
export type LiveVersionResponse = z.infer<typeof liveVersionResponseSchema>
