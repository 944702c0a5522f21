import { agentIdParamsSchema } from '@/lib/contracts/agents'
import { createdPublicationSchema, createPublicationBody, publicationListSchema } from '@/lib/contracts/publications'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/agents/[id]/publications',
  access: 'owned',
  workspace: { resource: 'agent', role: 'viewer' },
  summary: "List an agent's publications, with what each used today",
  tag: 'publishing',
  params: agentIdParamsSchema,
  responses: ok(publicationListSchema),
  handler: async ({ principal, services, params }) => ({ publications: await services.publications.list(principal, { kind: 'agent', id: params.id }) }),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/agents/[id]/publications',
  access: 'owned',
  workspace: { resource: 'agent', role: 'editor' },
  summary: 'Publish an agent to people without an account: a chat link and widget (the token is shown once)',
  tag: 'publishing',
  params: agentIdParamsSchema,
  body: createPublicationBody,
  example: () => ({ rateLimitPerMinute: 10, dailyTokenBudget: 1000, allowedOrigins: ['https://shop.example.com'] }),
  responses: created(createdPublicationSchema),
  handler: ({ principal, services, params, body }) => services.publications.create(principal, { kind: 'agent', id: params.id }, body),
})
