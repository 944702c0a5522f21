import { json, parseWith, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'
import { shareLinkIdParams } from '@/lib/contracts/share-links'

export const DELETE = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(shareLinkIdParams, params, 'path')
  const { shareLinks } = await getServices()
  return json({ shareLink: await shareLinks.revoke(principal, id) })
})
