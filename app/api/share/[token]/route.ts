import { notFound } from '@/lib/server/domain-errors'
import { json, parseQuery, publicRoute } from '@/lib/server/http'
import { eventsQuery } from '@/lib/contracts/runs'
import { getServices } from '@/lib/server/services'
import { shareTokenParams } from '@/lib/contracts/share-links'

const sharedRun = publicRoute<{ token: string }>(async (request, params) => {
  // A malformed token is as unknown as a wrong one: 404, not 400, so probing learns nothing.
  const parsed = shareTokenParams.safeParse(params)
  if (!parsed.success) throw notFound('Shared run')
  const { after } = parseQuery(request, eventsQuery)
  const { shareLinks } = await getServices()
  return json(await shareLinks.resolve(parsed.data.token, after))
})

/**
 * GET /api/share/:token[?after=N]: the shared run, with its events after sequence N (all without it).
 * Never stored by a browser or proxy, errors included: a link can be revoked at any moment.
 */
export async function GET(request: Request, context: { params: Promise<{ token: string }> }): Promise<Response> {
  const response = await sharedRun(request, context)
  const headers = new Headers(response.headers)
  headers.set('cache-control', 'no-store')
  return new Response(response.body, { status: response.status, headers })
}
