import { getAppContext } from '@/lib/server/app-context'
import { notFound } from '@/lib/server/domain-errors'
import { authenticatedRoute } from '@/lib/server/http'

export const DELETE = authenticatedRoute<{ id: string }>(async (_request, { id }, principal) => {
  if (!(await (await getAppContext()).apiTokens.revoke(principal.userId, id))) throw notFound('API token', id)
  return new Response(null, { status: 204 })
})
