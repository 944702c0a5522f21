import { z } from 'zod'
import { workflowSettingsSchema } from './workflow-settings'

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
    settings: workflowSettingsSchema.optional(),
  })
  .refine((body) => body.name !== undefined || body.description !== undefined || body.settings !== undefined, 'Nothing to update: give a name, a description or settings.')

export const createVersionBody = z.object({ graph: z.unknown() })
