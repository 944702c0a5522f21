/**
 * The checks a WebSocket upgrade to `GET /api/collab/<workflowId>` passes before the socket is
 * accepted (collab-upgrade.ts answers a refusal as a plain HTTP response):
 * - the Host and the browser's Origin / Sec-Fetch-Site, with the API's own guard (request-guard.ts).
 *   An upgrade is a GET, which that guard lets through cross-site; it is screened as a change here,
 *   because the socket then carries changes (cross-site WebSocket hijacking) → 403;
 * - the credential, with the API's authenticate(): the session cookie, or an API token as
 *   `Authorization: Bearer` or, for clients that cannot set headers on a WebSocket, `?token=` → 401;
 * - the workflow: one the person cannot see answers like a missing one → 404; a runner or viewer is
 *   admitted to follow read-only, an editor to edit (collab-access.ts).
 */
import type { IncomingHttpHeaders } from 'node:http'
import { authenticate, type Authenticator } from '../auth/authenticate'
import type { Principal } from '../auth/principal'
import { isDomainError } from '../domain-errors'
import { checkRequest } from '../request-guard'
import { collabAccess, type CollabAccess } from './collab-access'

export const COLLAB_PATH_PREFIX = '/api/collab/'
const WORKFLOW_ID = /^[A-Za-z0-9_-]{1,100}$/

export type CollabAdmission = {
  ok: true
  workflowId: string
  principal: Principal
  access: Exclude<CollabAccess, 'none'>
  /** The credential alone (cookie or authorization), to authenticate again while the socket stays open. */
  credential: Headers
}

export type CollabRefusal = { ok: false; status: number; code: string; message: string }

export interface HandshakeRequest {
  url: string
  headers: IncomingHttpHeaders
}

export interface HandshakeDeps {
  allowedHosts: Set<string> | '*'
  authenticator: Authenticator
}

/** True for the paths this endpoint answers (whatever follows the prefix). */
export function isCollabPath(url: string | undefined): boolean {
  return (url ?? '').startsWith(COLLAB_PATH_PREFIX)
}

export async function admitCollabUpgrade(request: HandshakeRequest, deps: HandshakeDeps): Promise<CollabAdmission | CollabRefusal> {
  const url = new URL(request.url, 'http://collab.invalid')
  const headers = toHeaders(request.headers)
  const guard = checkRequest({ method: 'POST', pathname: url.pathname, headers }, deps.allowedHosts)
  if (!guard.ok) return refuse(guard.status, guard.code, guard.message)
  const workflowId = url.pathname.slice(COLLAB_PATH_PREFIX.length)
  if (!WORKFLOW_ID.test(workflowId)) return refuse(404, 'not_found', `No live document at ${url.pathname}.`)
  const credential = credentialOf(headers, url.searchParams.get('token'))
  let principal: Principal | null
  try {
    principal = await authenticate(new Request('http://collab.invalid/', { headers: credential }), deps.authenticator)
  } catch (error) {
    if (isDomainError(error) && error.code === 'service_unavailable') return refuse(503, error.code, error.message)
    throw error
  }
  if (!principal) return refuse(401, 'unauthenticated', 'Sign in, or send a personal API token (Authorization: Bearer <token>, or ?token=).')
  const access = await collabAccess(deps.authenticator.db.sql, principal, workflowId)
  if (access === 'none') return refuse(404, 'not_found', `Workflow '${workflowId}' not found.`)
  return { ok: true, workflowId, principal, access, credential }
}

/** The cookie, or the token (a header wins over `?token=`, as a Bearer header wins over a cookie in authenticate()). */
function credentialOf(headers: Headers, queryToken: string | null): Headers {
  const credential = new Headers()
  const authorization = headers.get('authorization') ?? (queryToken ? `Bearer ${queryToken}` : null)
  if (authorization !== null) credential.set('authorization', authorization)
  const cookie = headers.get('cookie')
  if (cookie !== null) credential.set('cookie', cookie)
  return credential
}

function toHeaders(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  return headers
}

function refuse(status: number, code: string, message: string): CollabRefusal {
  return { ok: false, status, code, message }
}
