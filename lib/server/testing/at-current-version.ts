/**
 * For tests of what an update does rather than of the version it names: a PATCH handler that first asks the route's
 * GET (as the same caller) for the resource's ETag and sends it as `If-Match`, as a client that just read it would.
 * A request that already names a base, or a resource the GET does not answer with an ETag (someone else's, a file
 * skill), goes to PATCH as it is.
 */
type Handler<P> = (request: Request, context: { params: Promise<P> }) => Promise<Response>

export function atCurrentVersion<P>(route: { GET: Handler<P>; PATCH: Handler<P> }): Handler<P> {
  return async (request, context) => {
    if (request.headers.has('if-match')) return route.PATCH(request, context)
    const read = await route.GET(new Request(request.url, { headers: request.headers }), context)
    const etag = read.headers.get('etag')
    const headers = new Headers(request.headers)
    if (etag) headers.set('if-match', etag)
    return route.PATCH(new Request(request.url, { method: request.method, headers, body: await request.text() }), context)
  }
}
