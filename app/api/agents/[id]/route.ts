import {
  agentIdParamsSchema,
  agentResponseSchema,
  deletedAgentResponseSchema,
  updateAgentRequestSchema,
  updatedAgentResponseSchema,
  type AgentResponse,
} from '@/lib/contracts/agents'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/agents/[id]',
  access: 'owned',
  workspace: { resource: 'agent', role: 'viewer' },
  summary: 'Read an agent and its latest version',
  tag: 'agents',
  params: agentIdParamsSchema,
  responses: ok(agentResponseSchema),
  etag: (found: AgentResponse) => found.latestVersion?.version ?? 0,
  handler: ({ principal, services, params }) => services.agents.get(principal, params.id),
})

export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/api/agents/[id]',
  access: 'owned',
  workspace: { resource: 'agent', role: 'editor' },
  summary: 'Rename an agent or change its description (no new version)',
  tag: 'agents',
  params: agentIdParamsSchema,
  body: updateAgentRequestSchema,
  example: () => ({ name: 'Renamed', description: 'changed' }),
  responses: ok(updatedAgentResponseSchema),
  // Offering it at /mcp under a name another of the workspace's tools has: 409 `mcp_tool_name_taken`.
  errors: [409],
  handler: ({ principal, services, params, body }) => services.agents.update(principal, params.id, body),
})

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/agents/[id]',
  access: 'owned',
  workspace: { resource: 'agent', role: 'editor' },
  summary: 'Delete an agent with its versions, conversations and their turns',
  tag: 'agents',
  params: agentIdParamsSchema,
  responses: ok(deletedAgentResponseSchema),
  handler: ({ principal, services, params }) => services.agents.delete(principal, params.id),
})
