/**
 * Route handlers for admins only. Everyone else gets the same 404 an unknown API path gives, so
 * the admin API does not announce itself to members.
 */
import { DomainError } from '../domain-errors'
import { authenticatedRoute } from '../http'
import { isAdmin, type Principal } from './principal'

export function adminRoute<P = Record<string, never>>(handler: (request: Request, params: P, admin: Principal) => Promise<Response>) {
  return authenticatedRoute<P>(async (request, params, principal) => {
    if (!isAdmin(principal)) throw new DomainError('not_found', `No API route ${request.method} ${new URL(request.url).pathname}.`)
    return handler(request, params, principal)
  })
}
