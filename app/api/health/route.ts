import { healthResponseSchema } from '@/lib/contracts/health'
import { defineRoute, ok } from '@/lib/server/define-route'

export const dynamic = 'force-dynamic'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  summary: 'The server and its database answer',
  tag: 'meta',
  responses: ok(healthResponseSchema),
  handler: ({ services }) => services.health(),
})
