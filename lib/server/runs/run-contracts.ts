import { z } from 'zod'

export const runIdParams = z.object({ id: z.string().uuid('Not a run id.') })

export const createRunBody = z.object({
  workflowId: z.string().min(1).max(100),
  /** Defaults to the latest version. */
  version: z.number().int().positive().optional(),
  input: z.string().max(100_000).default(''),
})

export const listRunsQuery = z.object({
  workflowId: z.string().min(1).max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
})

export const eventsQuery = z.object({ after: z.coerce.number().int().min(0).optional() })
