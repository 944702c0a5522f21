import { runIdParams } from '@/lib/contracts/runs'
import { json, parseBody, parseWith, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'
import { createShareLinkBody } from '@/lib/contracts/share-links'

export const GET = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(runIdParams, params, 'path')
  const { shareLinks } = await getServices()
  return json({ shareLinks: await shareLinks.list(principal, id) })
})

export const POST = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(runIdParams, params, 'path')
  const body = await parseBody(request, createShareLinkBody)
  const { shareLinks } = await getServices()
  return json(await shareLinks.create(principal, id, body), 201)
})
