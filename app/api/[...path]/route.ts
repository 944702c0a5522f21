import { defineRoute, unknownRoute, type DeclaredMethod } from '@/lib/server/define-route'

// Unknown API paths answer in the API's JSON error shape rather than with an HTML page, whatever
// the method (proxy.ts answers the methods a route module cannot export, such as TRACE). Open
// without sign-in or token on purpose: it only ever says 404, to everyone alike.
const fallback = (method: DeclaredMethod) =>
  defineRoute({
    method,
    path: '/api/[...path]',
    access: 'public',
    undocumented: 'The JSON 404 for every path no route has; not an operation.',
    responses: {},
    services: false,
    handler: async ({ request }) => {
      throw unknownRoute(request)
    },
  })

export const GET = fallback('GET')
export const POST = fallback('POST')
export const PUT = fallback('PUT')
export const PATCH = fallback('PATCH')
export const DELETE = fallback('DELETE')
export const OPTIONS = fallback('OPTIONS')
