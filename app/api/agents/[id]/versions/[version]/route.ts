import { agentVersionParamsSchema, agentVersionResponseSchema } from '@/lib/contracts/agents'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/agents/[id]/versions/[version]',
  access: 'owned',
  workspace: { resource: 'agent', role: 'viewer' },
  summary: 'Read one version of an agent',
  tag: 'agents',
  params: agentVersionParamsSchema,
  responses: ok(agentVersionResponseSchema),
  handler: ({ principal, services, params }) => services.agents.getVersion(principal, params.id, params.version),
})
