import { createWorkspaceRequestSchema, workspaceListSchema, workspaceResponseSchema } from '@/lib/contracts/workspaces'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workspaces',
  access: 'list',
  summary: 'List your workspaces (personal first) and your role in each',
  tag: 'workspaces',
  responses: ok(workspaceListSchema),
  handler: async ({ principal, services }) => ({ workspaces: await services.workspaces.list(principal) }),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/workspaces',
  access: 'anyone',
  summary: 'Create a team workspace (you are its owner)',
  tag: 'workspaces',
  body: createWorkspaceRequestSchema,
  example: () => ({ name: 'Fuzzed team' }),
  responses: created(workspaceResponseSchema),
  handler: async ({ principal, services, body }) => ({ workspace: await services.workspaces.create(principal, body.name) }),
})
