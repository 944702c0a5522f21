import { agentIdParamsSchema, agentVersionListResponseSchema, agentVersionResponseSchema, createAgentVersionRequestSchema } from '@/lib/contracts/agents'
import { created, defineRoute, ok } from '@/lib/server/define-route'
import { saveBase } from '@/lib/server/save-base'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/agents/[id]/versions',
  access: 'owned',
  workspace: { resource: 'agent', role: 'viewer' },
  summary: "List an agent's versions, newest first",
  tag: 'agents',
  params: agentIdParamsSchema,
  responses: ok(agentVersionListResponseSchema),
  handler: ({ principal, services, params }) => services.agents.listVersions(principal, params.id),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/agents/[id]/versions',
  access: 'owned',
  workspace: { resource: 'agent', role: 'editor' },
  summary: 'Save a new version of an agent (400 invalid_agent lists the problems; 409 when another save won the number)',
  tag: 'agents',
  params: agentIdParamsSchema,
  body: createAgentVersionRequestSchema,
  example: () => ({ definition: { name: 'Fuzzed', instructions: 'Be brief.', functionTools: ['get_time'] }, note: 'second', baseVersion: 1 }),
  responses: created(agentVersionResponseSchema),
  errors: [409, 422],
  saveBase: 'required',
  etag: (saved: { version: { version: number } }) => saved.version.version,
  handler: ({ principal, services, params, body: { baseVersion, ...body }, request }) =>
    services.agents.createVersion(principal, params.id, body, saveBase(request, baseVersion)),
})
