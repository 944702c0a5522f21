import { serverFactsResponseSchema, type ServerFactsResponse } from '@/lib/contracts/server-facts'
import { inWorkspaceQuerySchema } from '@/lib/contracts/workspace-roles'
import { defineRoute, ok } from '@/lib/server/define-route'
import { loadServerFacts } from '@/lib/server/workflows/server-facts'

/** `workspaceId`: the open workflow's workspace, whose MCP servers, skills, agents and workflows alone then count. */
export const GET = defineRoute({
  method: 'GET',
  path: '/api/server-facts',
  access: 'list',
  summary: 'What this server offers you, for checking a workflow before a run: OpenAI configured or not, MCP servers, skills, workflows',
  tag: 'workflows',
  query: inWorkspaceQuerySchema,
  responses: ok(serverFactsResponseSchema),
  handler: async ({ principal, services, query }) =>
    ({ facts: await loadServerFacts(services.app, principal, query.workspaceId) }) satisfies ServerFactsResponse,
})
