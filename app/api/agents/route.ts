import { agentListResponseSchema, createAgentRequestSchema, createdAgentResponseSchema, listAgentsQuerySchema } from '@/lib/contracts/agents'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/agents',
  access: 'list',
  summary: 'List your agents, most recently changed first',
  tag: 'agents',
  query: listAgentsQuerySchema,
  responses: ok(agentListResponseSchema),
  handler: ({ principal, services, query }) => services.agents.list(principal, query.workspaceId),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/agents',
  access: 'anyone',
  workspace: { resource: 'workspace', role: 'editor' },
  summary: 'Create an agent and its version 1 (the definition must be runnable: 400 invalid_agent lists its problems)',
  tag: 'agents',
  body: createAgentRequestSchema,
  example: () => ({ name: 'Fuzzed agent', description: 'made by the fuzz test', definition: { instructions: 'Be brief.' }, note: 'first' }),
  responses: created(createdAgentResponseSchema),
  errors: [422],
  handler: ({ principal, services, body }) => services.agents.create(principal, body),
})
