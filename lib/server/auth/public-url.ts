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

export function requestBaseUrl(request: Request, env: Env = process.env): string {
  return env.AGENTLOOM_PUBLIC_URL?.trim().replace(/\/+$/, '') || new URL(request.url).origin
}
