import { unknownPathRoute, type DeclaredMethod } from '@/lib/server/define-route'

// Unknown paths under the OpenAI-compatible /v1 answer in OpenAI's error shape, whatever the method, so that an
// OpenAI client asking for an endpoint this app does not offer gets its own NotFoundError rather than a page or
// the API's shape. Open without sign-in or token on purpose, as app/api/[...path]: it only ever says 404.
const fallback = (method: DeclaredMethod) =>
  unknownPathRoute(method, '/v1/[...path]', {
    errorShape: 'openai',
    undocumented: 'The OpenAI-shaped 404 for every path under /v1 no route has; not an operation.',
  })

export const GET = fallback('GET')
export const POST = fallback('POST')
export const PUT = fallback('PUT')
export const PATCH = fallback('PATCH')
export const DELETE = fallback('DELETE')
export const OPTIONS = fallback('OPTIONS')
