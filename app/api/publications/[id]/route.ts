import { publicationIdParams, publicationResponseSchema, updatePublicationBody } from '@/lib/contracts/publications'
import { defineRoute, ok } from '@/lib/server/define-route'

export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/api/publications/[id]',
  access: 'owned',
  workspace: { resource: 'publication', role: 'editor' },
  summary: "Change a publication's rate limit, daily token budget, allowed origins or expiry",
  tag: 'publishing',
  params: publicationIdParams,
  body: updatePublicationBody,
  example: () => ({ rateLimitPerMinute: 5 }),
  responses: ok(publicationResponseSchema),
  handler: async ({ principal, services, params, body }) => ({ publication: await services.publications.update(principal, params.id, body) }),
})

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/publications/[id]',
  access: 'owned',
  workspace: { resource: 'publication', role: 'editor' },
  summary: 'Revoke a publication: its link and widget stop at once (visitors’ conversations stay)',
  tag: 'publishing',
  params: publicationIdParams,
  responses: ok(publicationResponseSchema),
  handler: async ({ principal, services, params }) => ({ publication: await services.publications.revoke(principal, params.id) }),
})
