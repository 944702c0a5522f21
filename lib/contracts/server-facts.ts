/**
 * GET /api/server-facts: what this server offers the signed-in person, for the editor to check a
 * workflow before a run (lib/graph/server-facts.ts): whether OpenAI is configured (never the key),
 * the MCP servers and skills a run may use, and the person's workflows with their sub-workflows.
 */
import { z } from 'zod'

export const serverFactsSchema = z.object({
  openAiConfigured: z.boolean(),
  mcpServerIds: z.array(z.string()),
  skillIds: z.array(z.string()),
  workflows: z.array(z.object({ id: z.string(), name: z.string(), subWorkflowIds: z.array(z.string()) })),
})

export const serverFactsResponseSchema = z.object({ facts: serverFactsSchema })
export type ServerFactsResponse = z.infer<typeof serverFactsResponseSchema>
