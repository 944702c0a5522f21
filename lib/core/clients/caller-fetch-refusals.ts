/**
 * A refusal by the caller's fetch is final. A caller may give a client a fetch that says no to some
 * addresses (the app's outbound policy: a member's model base URL that points inside), and says so
 * by throwing a UserError (undici wraps it in "fetch failed"). The SDKs take whatever fetch throws
 * for a network failure and retry it with back-off, so a refusal used to be tried three times and
 * fail only after seconds. These wrappers tell each SDK, in terms it honours, not to retry a
 * refusal, while leaving every other thrown error (a real network failure) to its retry policy:
 *
 * - `openai` and `@anthropic-ai/sdk` never retry an answer whose `x-should-retry` header is
 *   `false`: the refusal becomes such a stand-in answer, and the error mapping finds the thrown
 *   error behind it (`refusalBehind`), so the person sees what a connection error says today.
 * - `@google/genai` retries through p-retry, which never retries a TypeError (but browsers'
 *   network messages) and ignores `x-should-retry`: the refusal is thrown as a TypeError, the
 *   shape undici's "fetch failed" already has.
 */
import { isUserError, type UserError } from '../errors'

/** A UserError in a cause chain (fetch wraps what its connection threw in "fetch failed"; the SDKs wrap that again). */
export function userErrorIn(error: unknown): UserError | undefined {
  let current = error
  for (let depth = 0; current instanceof Error && depth < 6; depth += 1) {
    if (isUserError(current)) return current
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** What the caller's fetch threw, by the headers of the stand-in answer given instead (the SDKs keep those headers on their error). */
const thrownBehind = new WeakMap<Headers, unknown>()

/**
 * The caller's fetch for `openai` and `@anthropic-ai/sdk`: a refusal is answered with a bodiless
 * 403 that says `x-should-retry: false`, which neither retries; anything else it throws is thrown.
 */
export function answeringRefusalsFinally(callerFetch: typeof fetch): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    try {
      return await callerFetch(input, init)
    } catch (error) {
      if (!userErrorIn(error)) throw error
      const standIn = new Response(null, { status: 403, statusText: 'Refused', headers: { 'x-should-retry': 'false' } })
      thrownBehind.set(standIn.headers, error)
      return standIn
    }
  }) as typeof fetch
}

/** The refusal behind an SDK error made from `answeringRefusalsFinally`'s stand-in answer: what the caller's fetch threw. */
export function refusalBehind(headers: Headers | undefined): Error | undefined {
  const thrown = headers === undefined ? undefined : thrownBehind.get(headers)
  return thrown instanceof Error ? thrown : undefined
}

/** The caller's fetch for `@google/genai`: a refusal is thrown as a TypeError (as it is when undici wrapped it), which p-retry does not retry. */
export function throwingRefusalsAsTypeErrors(callerFetch: typeof fetch): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    try {
      return await callerFetch(input, init)
    } catch (error) {
      if (error instanceof TypeError || !userErrorIn(error)) throw error
      throw new TypeError('fetch failed', { cause: error })
    }
  }) as typeof fetch
}

/** What a client says when it could not reach its service: a refusal in words meant for people, else the connection error's own. */
export function couldNotReachMessage(clientName: string, error: Error): string {
  return `${clientName} could not reach the service: ${userErrorIn(error)?.message ?? error.message}`
}
