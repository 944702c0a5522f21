import { runIdParams } from '@/lib/contracts/runs'
import { json, parseWith, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const POST = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(runIdParams, params, 'path')
  const { runs } = await getServices()
  return json({ run: await runs.cancel(principal, id) })
})
