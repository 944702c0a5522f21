/**
 * The one fetch client every component uses for the app's JSON API. Error answers
 * `{ error: { code, message, details? } }` become ApiError; `fetchParsed` also checks a success
 * answer against its contract from lib/contracts, so a drifted server shows as an error here
 * rather than as `undefined` deep in a component.
 */
import type { z } from 'zod'
import { meansSessionEnded, renewSession } from './account/session-renewal'

/** An error answer of the API (or no answer at all: status 0, code `network_error`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message)
    this.name = 'ApiError'
  }

  /** 4xx: the request was refused for what it asked, not because something broke. */
  get userError(): boolean {
    return this.status >= 400 && this.status < 500
  }
}

export function apiErrorFrom(status: number, body: unknown): ApiError {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined
  if (typeof error === 'object' && error !== null) {
    const { code, message, details } = error as { code?: unknown; message?: unknown; details?: unknown }
    return new ApiError(
      status,
      typeof code === 'string' ? code : `http_${status}`,
      typeof message === 'string' && message !== '' ? message : `Request failed (${status}).`,
      details,
    )
  }
  // Better Auth's own endpoints (/api/auth/*) answer errors as a top-level `{ code?, message }`.
  if (typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string') {
    const { code, message } = body as { code?: unknown; message: string }
    return new ApiError(status, typeof code === 'string' ? code.toLowerCase() : `http_${status}`, message)
  }
  return new ApiError(status, `http_${status}`, `Request failed (${status}).`)
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

async function send(url: string, init?: RequestInit, renewed = false): Promise<{ status: number; body: unknown }> {
  let response: Response
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}), ...init?.headers },
      cache: 'no-store',
    })
  } catch (cause) {
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.', cause)
  }
  const body = await readBody(response)
  // The session ended while the page was open: sign in again in place, then send it once more.
  if (!renewed && meansSessionEnded(url, response.status) && (await renewSession())) return send(url, init, true)
  if (!response.ok) throw apiErrorFrom(response.status, body)
  return { status: response.status, body }
}

/** The answer's body, trusted to be a `T`. */
export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  return (await send(url, init)).body as T
}

export function postJson<T>(url: string, body: unknown): Promise<T> {
  return fetchJson<T>(url, { method: 'POST', body: JSON.stringify(body) })
}

/** The answer's body checked against `schema`: an answer that does not fit is ApiError `unexpected_response`. */
export async function fetchParsed<S extends z.ZodType>(schema: S, url: string, init?: RequestInit): Promise<z.output<S>> {
  const { status, body } = await send(url, init)
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new ApiError(status, 'unexpected_response', `Unexpected answer from ${url}.`, parsed.error.issues)
  return parsed.data
}

/** The message to show for any error thrown by these helpers. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message
  return 'Something went wrong.'
}

/**
 * What an `invalid_request` answer says about one field of the request body (e.g. `name`), in the
 * words of its contract, without the "Invalid request: name:" the whole message starts with; or
 * undefined when the error is about something else.
 */
export function requestFieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || error.code !== 'invalid_request') return undefined
  const issues = (error.details as { issues?: unknown } | undefined)?.issues
  if (!Array.isArray(issues)) return undefined
  const issue = issues.find((candidate): candidate is { path: string; message: string } => {
    const { path, message } = (candidate ?? {}) as { path?: unknown; message?: unknown }
    return path === field && typeof message === 'string'
  })
  return issue?.message
}
