import { passwordResetRequestSchema } from '@/lib/contracts/accounts'
import { getAppContext } from '@/lib/server/app-context'
import { OneTimeLinkService } from '@/lib/server/auth/one-time-links'
import { json, parseBody, publicRoute } from '@/lib/server/http'

export const POST = publicRoute<{ token: string }>(async (request, { token }) => {
  const { password } = await parseBody(request, passwordResetRequestSchema)
  await new OneTimeLinkService(await getAppContext()).resetPassword(token, password)
  return json({ ok: true })
})
