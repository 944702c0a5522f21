import { NextResponse, type NextRequest } from 'next/server'
import { getSessionCookie } from 'better-auth/cookies'
import { REQUESTED_PATH_HEADER, isPage, isPublicPage, signInPathFor } from './lib/server/auth/page-access'
import { allowedHostsFromEnv, checkRequest } from './lib/server/request-guard'
import { screenRequest } from './lib/server/request-screen'

const allowedHosts = allowedHostsFromEnv()

// Refuses unknown Host names (DNS rebinding) and cross-site API changes (CSRF); see request-guard.ts.
export function proxy(request: NextRequest) {
  const verdict = checkRequest({ method: request.method, pathname: request.nextUrl.pathname, headers: request.headers }, allowedHosts)
  if (!verdict.ok) return NextResponse.json({ error: { code: verdict.code, message: verdict.message } }, { status: verdict.status })
  // Malformed paths, methods a route does not answer, OPTIONS, oversized bodies; see request-screen.ts.
  const screened = screenRequest({ method: request.method, pathname: request.nextUrl.pathname, headers: request.headers })
  if (!screened.ok) {
    if (screened.body === undefined) return new NextResponse(null, { status: screened.status, headers: screened.headers })
    return NextResponse.json(screened.body, { status: screened.status, headers: screened.headers })
  }
  return pageAccess(request)
}

// Pages need a session: without even a session cookie, go straight to sign-in. The signed-in
// layout checks the session itself (a cookie can be stale); it learns the page asked for here.
function pageAccess(request: NextRequest) {
  const { pathname, search } = request.nextUrl
  if (!isPage(pathname) || isPublicPage(pathname)) return NextResponse.next()
  if (!getSessionCookie(request)) return NextResponse.redirect(new URL(signInPathFor(pathname + search), request.url))
  const headers = new Headers(request.headers)
  headers.set(REQUESTED_PATH_HEADER, pathname + search)
  return NextResponse.next({ request: { headers } })
}

export const config = {
  // Everything but Next's own static files.
  matcher: ['/((?!_next/static|_next/image|favicon.ico|icon.svg).*)'],
}
