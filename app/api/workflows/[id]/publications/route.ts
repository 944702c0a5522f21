import { createdPublicationSchema, createWorkflowPublicationBody, publicationListSchema } from '@/lib/contracts/publications'
import { workflowTriggerParams } from '@/lib/contracts/triggers'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workflows/[id]/publications',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'viewer' },
  summary: "List a workflow's publications (public forms), with what each used today",
  tag: 'publishing',
  params: workflowTriggerParams,
  responses: ok(publicationListSchema),
  handler: async ({ principal, services, params }) => ({ publications: await services.publications.list(principal, { kind: 'workflow', id: params.id }) }),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/workflows/[id]/publications',
  access: 'owned',
  workspace: { resource: 'workflow', role: 'editor' },
  summary: 'Publish a workflow to people without an account: a public form at /form/<token> (the token is shown once)',
  tag: 'publishing',
  params: workflowTriggerParams,
  body: createWorkflowPublicationBody,
  example: () => ({ rateLimitPerMinute: 10, dailyTokenBudget: 1000, expiresInHours: 24 }),
  responses: created(createdPublicationSchema),
  handler: ({ principal, services, params, body }) => services.publications.create(principal, { kind: 'workflow', id: params.id }, body),
})
