/**
 * Which pages open without signing in, and where everyone else is sent. Used by proxy.ts (a fast
 * cookie check before rendering) and by the signed-in layout (the real session check).
 */
export const SIGN_IN_PATH = '/sign-in'

/** Pages for people who are not signed in (yet): sign-in, the one-time links, shared runs, published agents' chats and workflows' forms. */
const PUBLIC_PAGE_PREFIXES = ['/sign-in', '/setup', '/invite', '/reset-password', '/share/', '/chat/', '/form/']

/** Request header through which proxy.ts tells the signed-in layout which page was asked for. */
export const REQUESTED_PATH_HEADER = 'x-agentloom-path'

export function isPublicPage(pathname: string): boolean {
  return PUBLIC_PAGE_PREFIXES.some((prefix) => (prefix.endsWith('/') ? pathname.startsWith(prefix) : pathname === prefix || pathname.startsWith(`${prefix}/`)))
}

/** Routes that answer 401 themselves: the API, the OpenAI-compatible `/v1` and the MCP endpoint (API tokens only). */
const API_PREFIXES = ['/api', '/v1', '/mcp']

/** API routes answer 401 themselves; only pages are redirected. */
export function isPage(pathname: string): boolean {
  return !API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
}

/** The sign-in page, remembering where the person wanted to go. */
export function signInPathFor(requested: string | null | undefined): string {
  if (!requested || requested === '/' || !requested.startsWith('/') || requested.startsWith('//')) return SIGN_IN_PATH
  return `${SIGN_IN_PATH}?next=${encodeURIComponent(requested)}`
}
