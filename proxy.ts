import { NextResponse, type NextRequest } from 'next/server'
import { allowedHostsFromEnv, checkRequest } from './lib/server/request-guard'

const allowedHosts = allowedHostsFromEnv()

// Refuses unknown Host names (DNS rebinding) and cross-site API changes (CSRF); see request-guard.ts.
export function proxy(request: NextRequest) {
  const verdict = checkRequest({ method: request.method, pathname: request.nextUrl.pathname, headers: request.headers }, allowedHosts)
  if (verdict.ok) return NextResponse.next()
  return NextResponse.json({ error: { code: verdict.code, message: verdict.message } }, { status: verdict.status })
}

export const config = {
  // Everything but Next's own static files.
  matcher: ['/((?!_next/static|_next/image|favicon.ico|icon.svg).*)'],
}
