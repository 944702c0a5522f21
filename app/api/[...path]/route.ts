import { json } from '@/lib/server/http'

// Unknown API paths answer in the API's JSON error shape rather than with an HTML page, whatever
// the method (proxy.ts answers the methods a route module cannot export, such as TRACE). Open
// without sign-in or token on purpose: it only ever says 404, to everyone alike.
async function unknownRoute(request: Request): Promise<Response> {
  return json({ error: { code: 'not_found', message: `No API route ${request.method} ${new URL(request.url).pathname}.` } }, 404)
}

export { unknownRoute as GET, unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE, unknownRoute as OPTIONS }
