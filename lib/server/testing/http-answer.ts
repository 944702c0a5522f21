/**
 * What the API would answer for an error a service or parser throws: its status (from the one
 * code → status mapping, http-errors.ts) beside its code, message and details. For tests that call
 * services directly but assert on what a client would see.
 */
import { toErrorResponse } from '../http-errors'

export interface HttpAnswer {
  status: number
  code: string
  message: string
  details?: unknown
}

export function answerFor(error: unknown): HttpAnswer {
  const { status, body } = toErrorResponse(error)
  return { status, ...body.error }
}

/** The answer for the error `work` fails with; fails the test when it succeeds. */
export async function answerOf(work: Promise<unknown> | (() => unknown)): Promise<HttpAnswer> {
  try {
    await (typeof work === 'function' ? work() : work)
  } catch (error) {
    return answerFor(error)
  }
  throw new Error('Expected the call to fail, but it succeeded.')
}
