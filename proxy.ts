import { NextResponse, type NextRequest } from 'next/server'
import { getSessionCookie } from 'better-auth/cookies'
import { REQUESTED_PATH_HEADER, isPage, isPublicPage, signInPathFor } from './lib/server/auth/page-access'
import { allowedHostsFromEnv } from './lib/server/request-guard'
import { refusalBeforeRoutes } from './lib/server/request-gate'
import { scriptNonce, securityHeaders, securityHeaderSettingsFromEnv, isSharePath, type SecurityHeaderTarget } from './lib/server/security-headers'
import { shareFrameOrigins, sharePageToken } from './lib/server/share/share-frame-origins'
import { chatPageToken, publicationFrameOrigins } from './lib/server/publications/publication-frame-origins'

const allowedHosts = allowedHostsFromEnv()
const headerSettings = securityHeaderSettingsFromEnv()

// Refuses unknown Host names (DNS rebinding), cross-site API changes (CSRF), malformed paths, methods a route does not
// answer and oversized bodies (request-gate.ts). Every answer carries the security headers (security-headers.ts); pages
// get a fresh script nonce. API requests are gated below Next instead (raw-request-guard.ts; see `config`).
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl
  const refusal = refusalBeforeRoutes({ method: request.method, pathname, headers: request.headers }, allowedHosts)
  if (refusal) {
    const answer =
      refusal.body === undefined
        ? new NextResponse(null, { status: refusal.status, headers: refusal.headers })
        : NextResponse.json(refusal.body, { status: refusal.status, headers: refusal.headers })
    return secured(answer, {})
  }
  if (!isPage(pathname)) return secured(NextResponse.next(), isSharePath(pathname) ? { share: { frameOrigins: [] } } : {})
  const shareToken = sharePageToken(pathname)
  const chatToken = chatPageToken(pathname)
  const target: SecurityHeaderTarget = {
    nonce: scriptNonce(),
    // Any page with a token in its path (a published workflow's form too) sends no Referer and cannot be framed...
    ...(isSharePath(pathname) ? { share: { frameOrigins: [] } } : {}),
    // ...but a share page or a chat page may be, on the origins its owner allowed.
    ...(shareToken ? { share: { frameOrigins: await shareFrameOrigins(shareToken) } } : {}),
    ...(chatToken ? { share: { frameOrigins: await publicationFrameOrigins(chatToken) } } : {}),
  }
  return secured(pageAccess(request, target), target)
}

// Pages need a session: without even a session cookie, go straight to sign-in. The signed-in
// layout checks the session itself (a cookie can be stale); it learns the page asked for here.
// Next finds the nonce for its own scripts in the request's Content-Security-Policy header.
function pageAccess(request: NextRequest, target: SecurityHeaderTarget) {
  const { pathname, search } = request.nextUrl
  const headers = new Headers(request.headers)
  headers.set('content-security-policy', securityHeaders(headerSettings, target)['content-security-policy'])
  if (target.nonce) headers.set('x-nonce', target.nonce)
  if (isPublicPage(pathname)) return NextResponse.next({ request: { headers } })
  if (!getSessionCookie(request)) return NextResponse.redirect(new URL(signInPathFor(pathname + search), request.url))
  headers.set(REQUESTED_PATH_HEADER, pathname + search)
  return NextResponse.next({ request: { headers } })
}

function secured(response: NextResponse, target: SecurityHeaderTarget): NextResponse {
  for (const [name, value] of Object.entries(securityHeaders(headerSettings, target))) response.headers.set(name, value)
  return response
}

export const config = {
  // Everything but Next's own static files and the API: `/api/…`, `/v1/…` and `/mcp` are gated below Next by
  // raw-request-guard.ts, with the same rule (request-gate.ts) and the same headers, for a fraction of what running this
  // proxy costs a request. (A literal: Next reads it from the source. proxy-matcher.test.ts holds it to that split.)
  matcher: ['/((?!_next/static|_next/image|favicon.ico|icon.svg|api/|v1/|mcp$).*)'],
}
