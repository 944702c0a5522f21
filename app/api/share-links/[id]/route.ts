import { revokedShareLinkResponseSchema, shareLinkIdParams } from '@/lib/contracts/share-links'
import { defineRoute, ok } from '@/lib/server/define-route'

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/share-links/[id]',
  access: 'owned',
  workspace: { resource: 'share_link', role: 'editor' },
  summary: 'Revoke a share link',
  tag: 'runs',
  params: shareLinkIdParams,
  responses: ok(revokedShareLinkResponseSchema),
  handler: async ({ principal, services, params }) => ({ shareLink: await services.shareLinks.revoke(principal, params.id) }),
})
