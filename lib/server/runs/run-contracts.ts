import { z } from 'zod'
import { PG_INT_MAX, pgInt, safeText } from '../contracts/safe-text'

export const runIdParams = z.object({ id: z.string().uuid('Not a run id.') })

const workflowId = safeText().min(1).max(100)

export const createRunBody = z.object({
  workflowId,
  /** Defaults to the latest version. */
  version: pgInt.optional(),
  input: safeText().max(100_000).default(''),
})

export const listRunsQuery = z.object({
  workflowId: workflowId.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})

/** `after` is an event sequence (an int4 column): 0 replays everything. */
export const eventsQuery = z.object({ after: z.coerce.number().int().min(0).max(PG_INT_MAX).optional() })
