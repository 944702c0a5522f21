import { z } from 'zod'

export const workflowIdParams = z.object({ id: z.string().min(1).max(100) })

export const createWorkflowBody = z.object({
  name: z.string().trim().min(1, 'A workflow needs a name.').max(200),
  description: z.string().max(5000).optional(),
  graph: z.unknown().optional(),
})

export const updateWorkflowBody = z
  .object({
    name: z.string().trim().min(1, 'A workflow needs a name.').max(200).optional(),
    description: z.string().max(5000).optional(),
  })
  .refine((body) => body.name !== undefined || body.description !== undefined, 'Nothing to update: give a name or a description.')

export const createVersionBody = z.object({ graph: z.unknown() })
