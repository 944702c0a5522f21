import type { AuditEntryView } from '@/lib/contracts/accounts'

/**
 * Who an audit entry says acted, in words: the user, a removed one, the person at an address who tried to sign in
 * (failed sign-ins have no user to name: the address typed is only a claim), or the system (the command line, start).
 */
export function auditActor(entry: AuditEntryView): string {
  if (entry.actor) return entry.actor.email
  if (entry.actorId) return 'a removed user'
  if (entry.resourceType === 'sign_in') {
    const address = typeof entry.details.clientAddress === 'string' ? entry.details.clientAddress : null
    return address ? `someone at ${address}` : 'someone unknown'
  }
  return 'the system'
}
