import { defineRoute, type DeclaredMethod } from '@/lib/server/define-route'
import { handleAuthRequest } from '@/lib/server/auth/password-sign-in'

// Better Auth's endpoints: sign-in (throttled per account), sign-out, session, OpenID Connect callbacks.
// Better Auth reads the path itself: the catch-all's params are not parsed here.
const betterAuth = (method: DeclaredMethod) =>
  defineRoute({
    method,
    path: '/api/auth/[...all]',
    access: 'public',
    undocumented: "Better Auth's own endpoints (sign-in, sign-out, OIDC callbacks), documented by Better Auth.",
    responses: {},
    handler: ({ services: { app }, request }) => handleAuthRequest(app.auth, app.signInThrottle, request),
  })

export const GET = betterAuth('GET')
export const POST = betterAuth('POST')
