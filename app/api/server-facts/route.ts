import { serverFactsResponseSchema, type ServerFactsResponse } from '@/lib/contracts/server-facts'
import { defineRoute, ok } from '@/lib/server/define-route'
import { loadServerFacts } from '@/lib/server/workflows/server-facts'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/server-facts',
  access: 'list',
  summary: 'What this server offers you, for checking a workflow before a run: OpenAI configured or not, MCP servers, skills, workflows',
  tag: 'workflows',
  responses: ok(serverFactsResponseSchema),
  handler: async ({ principal, services }) => ({ facts: await loadServerFacts(services.app, principal) }) satisfies ServerFactsResponse,
})
