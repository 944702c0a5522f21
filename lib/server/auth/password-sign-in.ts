/**
 * Better Auth's endpoints as the app serves them. Password sign-in gets the per-account throttle
 * (sign-in-throttle.ts) around it: a locked address is answered 429 before any password is hashed,
 * a wrong password counts against the address, a right one clears it. Better Auth's own 429 (its
 * per-client-address limit) is given the API's error shape and a standard Retry-After.
 */
import { emailSchema } from '@/lib/contracts/accounts'
import { CLIENT_ADDRESS_HEADER } from '../client-address'
import { AUTH_BASE_PATH, type Auth } from './auth'
import type { SignInThrottle } from './sign-in-throttle'

export const PASSWORD_SIGN_IN_PATH = `${AUTH_BASE_PATH}/sign-in/email`

export async function handleAuthRequest(auth: Auth, throttle: SignInThrottle, request: Request): Promise<Response> {
  if (request.method !== 'POST' || new URL(request.url).pathname !== PASSWORD_SIGN_IN_PATH) return withStandardRetryAfter(await auth.handler(request))
  const email = await signInEmail(request)
  if (email) {
    const wait = await throttle.secondsLocked(email)
    if (wait > 0) return tooManyRequests('sign_in_locked', `Too many failed sign-ins for this address. Try again in ${describeWait(wait)}.`, wait)
  }
  const response = await auth.handler(request)
  if (email && response.status === 401) await throttle.recordFailure(email, request.headers.get(CLIENT_ADDRESS_HEADER))
  else if (email && response.ok) await throttle.recordSuccess(email)
  return withStandardRetryAfter(response)
}

/** The address the body names, normalised as Better Auth looks it up; undefined when it names none (Better Auth answers 400). */
async function signInEmail(request: Request): Promise<string | undefined> {
  const body: unknown = await request
    .clone()
    .json()
    .catch(() => undefined)
  const parsed = emailSchema.safeParse((body as { email?: unknown } | undefined)?.email)
  return parsed.success ? parsed.data : undefined
}

function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} seconds`
  const minutes = Math.ceil(seconds / 60)
  return minutes === 1 ? 'a minute' : `${minutes} minutes`
}

function tooManyRequests(code: string, message: string, retryAfterSeconds: number): Response {
  return Response.json(
    { error: { code, message, details: { retryAfterSeconds } } },
    { status: 429, headers: { 'retry-after': String(retryAfterSeconds), 'cache-control': 'no-store' } },
  )
}

/** Better Auth's rate limit answers `{ message }` with X-Retry-After; clients and proxies know Retry-After. */
async function withStandardRetryAfter(response: Response): Promise<Response> {
  if (response.status !== 429 || response.headers.has('retry-after')) return response
  const seconds = Math.max(1, Number(response.headers.get('x-retry-after')) || 1)
  return tooManyRequests('too_many_requests', `Too many attempts from this address. Try again in ${describeWait(seconds)}.`, seconds)
}
