import { createApiTokenRequestSchema } from '@/lib/contracts/accounts'
import { getAppContext } from '@/lib/server/app-context'
import { json, parseBody, authenticatedRoute } from '@/lib/server/http'

export const GET = authenticatedRoute(async (_request, _params, principal) => {
  return json({ tokens: await (await getAppContext()).apiTokens.list(principal.userId) })
})

// The token itself is in this response only; afterwards only its name and prefix are shown.
export const POST = authenticatedRoute(async (request, _params, principal) => {
  const { name } = await parseBody(request, createApiTokenRequestSchema)
  const { token, apiToken } = await (await getAppContext()).apiTokens.create(principal.userId, name)
  return json({ token, apiToken }, 201)
})
