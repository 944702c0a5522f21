import { notFound } from '@/lib/server/http-errors'
import { json, route } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'
import { shareTokenParams } from '@/lib/server/share/share-links'

export const GET = route<{ token: string }>(async (_request, params) => {
  // A malformed token is as unknown as a wrong one: 404, not 400, so probing learns nothing.
  const parsed = shareTokenParams.safeParse(params)
  if (!parsed.success) throw notFound('Shared run')
  const { shareLinks } = await getServices()
  return json(await shareLinks.resolve(parsed.data.token))
})
