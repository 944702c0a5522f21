import { deletedWorkspaceResponseSchema, renameWorkspaceRequestSchema, workspaceParamsSchema, workspaceResponseSchema } from '@/lib/contracts/workspaces'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/workspaces/[id]',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'viewer' },
  summary: 'Read a workspace and your role there',
  tag: 'workspaces',
  params: workspaceParamsSchema,
  responses: ok(workspaceResponseSchema),
  handler: async ({ principal, services, params }) => ({ workspace: await services.workspaces.get(principal, params.id) }),
})

export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/api/workspaces/[id]',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'owner' },
  summary: 'Rename a workspace',
  tag: 'workspaces',
  params: workspaceParamsSchema,
  body: renameWorkspaceRequestSchema,
  example: () => ({ name: 'Renamed' }),
  responses: ok(workspaceResponseSchema),
  handler: async ({ principal, services, params, body }) => ({ workspace: await services.workspaces.rename(principal, params.id, body.name) }),
})

/** 409 `personal_workspace` for a personal one. Everything in it goes with it. */
export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/workspaces/[id]',
  access: 'owned',
  workspace: { resource: 'workspace', role: 'owner' },
  summary: 'Delete a team workspace and everything in it',
  tag: 'workspaces',
  params: workspaceParamsSchema,
  responses: ok(deletedWorkspaceResponseSchema),
  errors: [409],
  handler: ({ principal, services, params }) => services.workspaces.delete(principal, params.id),
})
