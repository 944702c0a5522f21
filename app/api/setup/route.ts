import { setupRequestSchema } from '@/lib/contracts/accounts'
import { getAppContext } from '@/lib/server/app-context'
import { signInAndRespond } from '@/lib/server/auth/sign-in'
import { UserService } from '@/lib/server/auth/users'
import { parseBody, publicRoute } from '@/lib/server/http'

// The first admin, from the one-time setup link the server printed; then signed in.
export const POST = publicRoute(async (request) => {
  const { token, ...input } = await parseBody(request, setupRequestSchema)
  const app = await getAppContext()
  const user = await new UserService(app).completeSetup(token, input)
  return signInAndRespond(app.auth, request, { email: user.email, password: input.password }, { user }, 201)
})
