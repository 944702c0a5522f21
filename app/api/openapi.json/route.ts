import { defineRoute, ok, type RouteHandler } from '@/lib/server/define-route'
import { openApiDocument } from '@/lib/server/openapi/openapi-document'
import { ROUTE_MODULES } from './routes.generated'

// Public: the description lists routes and shapes, no data, and code generators fetch it without a token.
export const GET: RouteHandler = defineRoute({
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  summary: 'This description (OpenAPI 3.1)',
  tag: 'meta',
  responses: ok(undefined, 'The OpenAPI document'),
  services: false,
  handler: async () => openApiDocument([...ROUTE_MODULES, { GET }]),
})
