import { notFound } from '@/lib/server/http-errors'
import { json, parseQuery, publicRoute } from '@/lib/server/http'
import { eventsQuery } from '@/lib/server/runs/run-contracts'
import { getServices } from '@/lib/server/services'
import { shareTokenParams } from '@/lib/server/share/share-links'

/** GET /api/share/:token[?after=N]: the shared run, with its events after sequence N (all without it). */
export const GET = publicRoute<{ token: string }>(async (request, params) => {
  // A malformed token is as unknown as a wrong one: 404, not 400, so probing learns nothing.
  const parsed = shareTokenParams.safeParse(params)
  if (!parsed.success) throw notFound('Shared run')
  const { after } = parseQuery(request, eventsQuery)
  const { shareLinks } = await getServices()
  return json(await shareLinks.resolve(parsed.data.token, after))
})
