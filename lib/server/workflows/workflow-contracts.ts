import { z } from 'zod'
import { safeJson, safeText } from '../contracts/safe-text'
import { workflowSettingsSchema } from './workflow-settings'

const workflowId = safeText().min(1).max(100)
const workflowName = safeText().trim().min(1, 'A workflow needs a name.').max(200)
const workflowDescription = safeText().max(5000)
/** The graph itself is checked by lib/graph; here only that Postgres' jsonb can hold it. */
const graph = safeJson(z.unknown())

export const workflowIdParams = z.object({ id: workflowId })

export const createWorkflowBody = z.object({
  name: workflowName,
  description: workflowDescription.optional(),
  graph: graph.optional(),
})

export const updateWorkflowBody = z
  .object({
    name: workflowName.optional(),
    description: workflowDescription.optional(),
    settings: workflowSettingsSchema.optional(),
  })
  .refine((body) => body.name !== undefined || body.description !== undefined || body.settings !== undefined, 'Nothing to update: give a name, a description or settings.')

export const createVersionBody = z.object({ graph })
