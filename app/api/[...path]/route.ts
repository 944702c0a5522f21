import { unknownPathRoute, type DeclaredMethod } from '@/lib/server/define-route'

// Unknown API paths answer in the API's JSON error shape rather than with an HTML page, whatever the method. Open
// without sign-in or token on purpose: it only ever says 404, to everyone alike.
const fallback = (method: DeclaredMethod) =>
  unknownPathRoute(method, '/api/[...path]', { undocumented: 'The JSON 404 for every path no route has; not an operation.' })

export const GET = fallback('GET')
export const POST = fallback('POST')
export const PUT = fallback('PUT')
export const PATCH = fallback('PATCH')
export const DELETE = fallback('DELETE')
export const OPTIONS = fallback('OPTIONS')
