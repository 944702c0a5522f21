import { changePasswordRequestSchema } from '@/lib/contracts/accounts'
import { getAppContext } from '@/lib/server/app-context'
import { changeOwnPassword } from '@/lib/server/auth/credentials'
import { json, parseBody, authenticatedRoute } from '@/lib/server/http'

export const POST = authenticatedRoute(async (request, _params, principal) => {
  const { currentPassword, newPassword } = await parseBody(request, changePasswordRequestSchema)
  await changeOwnPassword((await getAppContext()).auth, principal.userId, currentPassword, newPassword, principal.sessionId)
  return json({ ok: true })
})
