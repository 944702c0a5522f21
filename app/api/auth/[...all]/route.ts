import { toNextJsHandler } from 'better-auth/next-js'
import { getAppContext } from '@/lib/server/app-context'
import { handleAuthRequest } from '@/lib/server/auth/password-sign-in'

// Better Auth's endpoints: sign-in (throttled per account), sign-out, session, OpenID Connect callbacks.
const handler = async (request: Request) => {
  const app = await getAppContext()
  return handleAuthRequest(app.auth, app.signInThrottle, request)
}

export const { GET, POST } = toNextJsHandler(handler)
