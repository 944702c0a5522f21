/**
 * Request parsing with a zod contract and JSON answers: what defineRoute (define-route.ts) does for
 * every route, kept apart so that other entry points read bodies the same way.
 */
import type { z } from 'zod'
import { validationError } from './http-errors'
import { DomainError, invalidInput } from './domain-errors'
import { MAX_JSON_DEPTH, isTooDeeplyNested } from './json-limits'
import { type BodyLimitName, bodyLimitsFromEnv, readBodyText } from './request-body'
import { findUnsafeJsonString } from '@/lib/contracts/safe-text'

export const unauthenticated = () => new DomainError('unauthenticated', 'Sign in, or send a personal API token as Authorization: Bearer <token>.')

/**
 * 400 `invalid_text` when a string in `value` (keys too) holds what no text column can (NUL, unpaired
 * surrogates), naming where: path params are checked so that a route handing an id straight to a
 * service cannot meet a database error.
 */
export function rejectUnsafeText(value: unknown, what: string): void {
  const unsafe = findUnsafeJsonString(value)
  if (!unsafe) return
  const path = unsafe.path.map(String).join('.')
  throw invalidInput('invalid_text', `Invalid ${what}: ${path ? `${path}: ` : ''}${unsafe.message}`, { issues: [{ path, message: unsafe.message }] })
}

export interface ParseBodyOptions {
  /** Which body limit applies (default: `default`); see bodyLimitsFromEnv. */
  limit?: BodyLimitName
}

/**
 * The request's JSON body, checked in the order that keeps every check cheap: size (413, before
 * it is read whole), media type (415), nesting depth (400 `too_deeply_nested`, before parsing),
 * syntax (400 `invalid_json`), text Postgres cannot store (400 `invalid_text`), then `schema`.
 * An empty body is `{}`.
 */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S, options: ParseBodyOptions = {}): Promise<z.output<S>> {
  const limit = bodyLimitsFromEnv()[options.limit ?? 'default']
  const type = request.headers.get('content-type') ?? ''
  const text = await readBodyText(request, limit)
  if (text.length && !JSON_MEDIA_TYPE.test(type)) throw unsupportedMediaType()
  if (isTooDeeplyNested(text)) {
    throw invalidInput('too_deeply_nested', `The request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep.`, { maxDepth: MAX_JSON_DEPTH })
  }
  let raw: unknown
  try {
    raw = text.trim().length ? JSON.parse(text) : {}
  } catch {
    throw invalidInput('invalid_json', 'The request body is not valid JSON.')
  }
  return parseWith(schema, raw, 'request body')
}

const JSON_MEDIA_TYPE = /^application\/(.+\+)?json\b/i

const unsupportedMediaType = () => new DomainError('unsupported_media_type', 'Send the request body as JSON, with Content-Type: application/json.')

/**
 * `value` checked by `schema`. Every string in it (keys too) is first checked for what no text
 * column can hold — NUL and unpaired surrogates — so that no contract can forget it: 400
 * `invalid_text` naming where.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  rejectUnsafeText(value, what)
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw validationError(parsed.error, what)
  return parsed.data
}

/** The query string checked by `schema` (a repeated name keeps its last value). */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  return parseWith(schema, Object.fromEntries(new URL(request.url).searchParams), 'query string')
}

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status })
}
