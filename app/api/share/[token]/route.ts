import { eventsQuery } from '@/lib/contracts/runs'
import { sharedRunSchema, shareTokenParams } from '@/lib/contracts/share-links'
import { defineRoute, ok } from '@/lib/server/define-route'
import { notFound } from '@/lib/server/domain-errors'

/**
 * GET /api/share/:token[?after=N]: the shared run, with its events after sequence N (all without it).
 * Never stored by a browser or proxy, errors included: a link can be revoked at any moment.
 */
export const GET = defineRoute({
  method: 'GET',
  path: '/api/share/[token]',
  access: 'public',
  summary: 'A shared run, read-only (instructions and secrets stripped)',
  tag: 'access',
  params: shareTokenParams,
  // A malformed token is as unknown as a wrong one: 404, not 400, so probing learns nothing.
  invalidParams: () => notFound('Shared run'),
  query: eventsQuery,
  responses: ok(sharedRunSchema),
  headers: { 'cache-control': 'no-store' },
  handler: ({ services, params, query }) => services.shareLinks.resolve(params.token, query.after),
})
