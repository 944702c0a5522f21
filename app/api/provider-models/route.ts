import { providerModelsQuerySchema, providerModelsResultSchema } from '@/lib/contracts/provider-models'
import { listModelsFor } from '@/lib/server/agents/provider-models'
import { defineRoute, ok } from '@/lib/server/define-route'

/** The models a provider lists (`{ ok, models, error? }`: a provider that cannot be asked is still a 200). */
export const GET = defineRoute({
  method: 'GET',
  path: '/api/provider-models',
  access: 'anyone',
  summary: "List a model provider's models (OpenAI or a compatible server, Anthropic, Gemini, Ollama), for choosing an agent's model",
  tag: 'agents',
  query: providerModelsQuerySchema,
  responses: ok(providerModelsResultSchema),
  handler: ({ principal, services, query }) => listModelsFor(services.app, principal, query),
})
