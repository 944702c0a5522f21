/**
 * Two checks in front of every request, run before any route or page (request-gate.ts: below Next for the API, in
 * proxy.ts for pages):
 * - the Host must be one this app answers to, so a DNS-rebinding page (attacker.example resolving
 *   to 127.0.0.1) cannot read the API from the person's own browser;
 * - an API request that changes something must come from this app's own pages: a browser
 *   always says where a request comes from (Sec-Fetch-Site / Origin), so another site cannot
 *   make the person's browser create an MCP server, answer an approval or cancel a run.
 * Clients that are not browsers (curl, scripts) send neither header and are let through.
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]', '::1']

export type GuardVerdict = { ok: true } | { ok: false; status: number; code: string; message: string }

export interface GuardRequest {
  method: string
  pathname: string
  headers: { get(name: string): string | null }
}

/** Host names this app answers to: loopback, HOST, and AGENTLOOM_ALLOWED_HOSTS (comma-separated, `*` = any). */
export function allowedHostsFromEnv(env: Record<string, string | undefined> = process.env): Set<string> | '*' {
  const extra = (env.AGENTLOOM_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean)
  if (extra.includes('*')) return '*'
  const hosts = new Set([...LOOPBACK_HOSTS, ...extra])
  if (env.HOST && env.HOST !== '0.0.0.0' && env.HOST !== '::') hosts.add(env.HOST.toLowerCase())
  return hosts
}

function hostName(hostHeader: string): string {
  const value = hostHeader.trim().toLowerCase()
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1)
  return value.replace(/:\d+$/, '')
}

export function checkRequest(request: GuardRequest, allowedHosts: Set<string> | '*'): GuardVerdict {
  const host = request.headers.get('host')
  if (allowedHosts !== '*' && host && !allowedHosts.has(hostName(host))) {
    return {
      ok: false,
      status: 403,
      code: 'host_not_allowed',
      message: `This server does not answer to '${hostName(host)}'. Add it to AGENTLOOM_ALLOWED_HOSTS to serve it under that name.`,
    }
  }
  if (!request.pathname.startsWith('/api/') || SAFE_METHODS.has(request.method.toUpperCase())) return { ok: true }
  const fetchSite = request.headers.get('sec-fetch-site')
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return crossOrigin()
  const origin = request.headers.get('origin')
  if (origin && (!host || safeHost(origin) !== host.trim().toLowerCase())) return crossOrigin()
  return { ok: true }
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase()
  } catch {
    return undefined
  }
}

function crossOrigin(): GuardVerdict {
  return { ok: false, status: 403, code: 'cross_origin_request', message: 'Changes can only be made from this app’s own pages.' }
}
