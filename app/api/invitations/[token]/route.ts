import { acceptInvitationRequestSchema } from '@/lib/contracts/accounts'
import { getAppContext } from '@/lib/server/app-context'
import { OneTimeLinkService } from '@/lib/server/auth/one-time-links'
import { signInAndRespond } from '@/lib/server/auth/sign-in'
import { json, parseBody, publicRoute } from '@/lib/server/http'

type Params = { token: string }

export const GET = publicRoute<Params>(async (_request, { token }) => {
  return json(await new OneTimeLinkService(await getAppContext()).invitation(token))
})

// Accepting creates the invited account and signs its person in.
export const POST = publicRoute<Params>(async (request, { token }) => {
  const input = await parseBody(request, acceptInvitationRequestSchema)
  const app = await getAppContext()
  const user = await new OneTimeLinkService(app).acceptInvitation(token, input)
  return signInAndRespond(app.auth, request, { email: user.email, password: input.password }, { user }, 201)
})
