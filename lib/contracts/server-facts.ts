/**
 * GET /api/server-facts: what this server offers the signed-in person, for the editor to check a
 * workflow before a run (lib/graph/server-facts.ts): whether OpenAI is configured (never the key), the saved agents' models,
 * the MCP servers and skills a run may use, and the person's workflows with their sub-workflows.
 */
import { z } from 'zod'
import { ModelProviderSchema } from '@/lib/graph/agent-settings'

export const serverFactsSchema = z.object({
  openAiConfigured: z.boolean(),
  /** Whether the server has an Anthropic, a Gemini and an Azure OpenAI key (never the keys). */
  providersConfigured: z.object({ anthropic: z.boolean(), gemini: z.boolean(), azure_openai: z.boolean().optional() }).optional(),
  /** Whether each saved agent has its own key (never the key), and which API each version uses, where. */
  savedAgents: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      hasApiKey: z.boolean(),
      versions: z.array(z.object({ version: z.number().int(), model: z.object({ provider: ModelProviderSchema, baseUrl: z.string().optional() }) })),
    }),
  ),
  mcpServerIds: z.array(z.string()),
  skillIds: z.array(z.string()),
  workflows: z.array(z.object({ id: z.string(), name: z.string(), subWorkflowIds: z.array(z.string()) })),
})

export const serverFactsResponseSchema = z.object({ facts: serverFactsSchema })
export type ServerFactsResponse = z.infer<typeof serverFactsResponseSchema>
