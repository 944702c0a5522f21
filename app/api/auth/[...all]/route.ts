import { toNextJsHandler } from 'better-auth/next-js'
import { getAppContext } from '@/lib/server/app-context'

// Better Auth's endpoints: sign-in, sign-out, session, OpenID Connect callbacks.
const handler = async (request: Request) => (await getAppContext()).auth.handler(request)

export const { GET, POST } = toNextJsHandler(handler)
