/**
 * Signs a person in right after they proved who they are some other way (the setup link, an
 * invitation): Better Auth creates the session, and its Set-Cookie headers ride on our response.
 */
import type { Auth } from './auth'

export async function signInAndRespond(
  auth: Auth,
  request: Request,
  credentials: { email: string; password: string },
  body: unknown,
  status = 200,
): Promise<Response> {
  const signIn = await auth.api.signInEmail({ body: credentials, headers: request.headers, asResponse: true })
  const response = Response.json(body, { status })
  // Without a session the account still exists: the page then sends the person to sign in.
  if (signIn.ok) for (const cookie of signIn.headers.getSetCookie()) response.headers.append('set-cookie', cookie)
  return response
}
