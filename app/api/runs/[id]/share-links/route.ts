import { runIdParams } from '@/lib/contracts/runs'
import { createdShareLinkSchema, createShareLinkBody, shareLinkListResponseSchema } from '@/lib/contracts/share-links'
import { created, defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/runs/[id]/share-links',
  access: 'owned',
  workspace: { resource: 'run', role: 'viewer' },
  summary: "List a run's share links",
  tag: 'runs',
  params: runIdParams,
  responses: ok(shareLinkListResponseSchema),
  handler: async ({ principal, services, params }) => ({ shareLinks: await services.shareLinks.list(principal, params.id) }),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/runs/[id]/share-links',
  access: 'owned',
  workspace: { resource: 'run', role: 'editor' },
  summary: 'Create a read-only share link to a run (its URL is shown once)',
  tag: 'runs',
  params: runIdParams,
  body: createShareLinkBody,
  example: () => ({ expiresInHours: 1 }),
  responses: created(createdShareLinkSchema),
  handler: ({ principal, services, params, body }) => services.shareLinks.create(principal, params.id, body),
})
