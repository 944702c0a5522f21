/**
 * The address people open the app at, for the links the app hands out (setup, invitations,
 * password resets): AGENTLOOM_PUBLIC_URL when set, else what the server listens on, or — inside
 * a request — the origin the request came to.
 */
type Env = Readonly<Record<string, string | undefined>>

export function serverBaseUrl(env: Env = process.env): string {
  const configured = env.AGENTLOOM_PUBLIC_URL?.trim().replace(/\/+$/, '')
  if (configured) return configured
  const host = env.HOST && env.HOST !== '0.0.0.0' && env.HOST !== '::' ? env.HOST : 'localhost'
  return `http://${host}:${env.PORT ?? '3000'}`
}

/**
 * Inside a request: the name the browser used (its Host header, which request-gate.ts has checked), not
 * request.url's host, which Next rewrites (127.0.0.1 becomes localhost, and cookies are per host).
 */
export function requestBaseUrl(request: Request, env: Env = process.env): string {
  const configured = env.AGENTLOOM_PUBLIC_URL?.trim().replace(/\/+$/, '')
  if (configured) return configured
  const url = new URL(request.url)
  const host = request.headers.get('host')
  return host ? `${url.protocol}//${host}` : url.origin
}

/** In a page (no Request at hand): AGENTLOOM_PUBLIC_URL when set, else the host the browser asked for, as the proxy in front said it was reached. */
export function pageBaseUrl(headers: { get(name: string): string | null }, env: Env = process.env): string {
  const configured = env.AGENTLOOM_PUBLIC_URL?.trim().replace(/\/+$/, '')
  if (configured) return configured
  const host = headers.get('host')
  if (!host) return serverBaseUrl(env)
  const protocol = headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' ? 'https' : 'http'
  return `${protocol}://${host}`
}
