/**
 * Route-handler plumbing: parse with a zod contract, call a service, present JSON. Route files
 * stay thin (authorize → parse → service → present) and never see Prisma.
 */
import type { z } from 'zod'
import { getAppContext } from './app-context'
import { authenticate } from './auth/authenticate'
import type { Principal } from './auth/principal'
import { HttpError, badRequest, toErrorResponse, validationError } from './http-errors'

type RouteContext<P> = { params: Promise<P> }

export const unauthenticated = () =>
  new HttpError(401, 'unauthenticated', 'Sign in, or send a personal API token as Authorization: Bearer <token>.')

/**
 * Wraps a handler that needs a signed-in user or an API token (every route but share links,
 * health and sign-in): 401 without one; every thrown error becomes the JSON error body.
 */
export function route<P = Record<string, never>>(handler: (request: Request, params: P, principal: Principal) => Promise<Response>) {
  return publicRoute<P>(async (request, params) => {
    const principal = await authenticate(request, await getAppContext())
    if (!principal) throw unauthenticated()
    return handler(request, params, principal)
  })
}

/** Wraps a handler open to anyone (share links, health): errors become the JSON error body. */
export function publicRoute<P = Record<string, never>>(handler: (request: Request, params: P) => Promise<Response>) {
  return async (request: Request, context: RouteContext<P>): Promise<Response> => {
    try {
      return await handler(request, (await context?.params) ?? ({} as P))
    } catch (error) {
      const { status, body } = toErrorResponse(error)
      return Response.json(body, { status, headers: status === 401 ? { 'www-authenticate': 'Bearer' } : undefined })
    }
  }
}

export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  let raw: unknown
  const text = await request.text()
  const type = request.headers.get('content-type') ?? ''
  if (text.length && !/^application\/(.+\+)?json\b/i.test(type)) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the request body as JSON, with Content-Type: application/json.')
  }
  try {
    raw = text.length ? JSON.parse(text) : {}
  } catch {
    throw badRequest('invalid_json', 'The request body is not valid JSON.')
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error, 'request body')
  return parsed.data
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw validationError(parsed.error, what)
  return parsed.data
}

export function parseQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  return parseWith(schema, Object.fromEntries(new URL(request.url).searchParams), 'query string')
}

export function json(body: unknown, status = 200): Response {
  return Response.json(body, { status })
}
