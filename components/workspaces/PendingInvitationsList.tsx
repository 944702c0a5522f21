'use client'

import { errorMessage } from '@/components/api-client'
import { FormError } from '@/components/account/FormError'
import { useRevokeWorkspaceInvitation, useWorkspaceInvitationsQuery } from '@/components/queries/workspaces'
import { Button, LocalTime } from '@/components/ui'
import { roleLabel } from './current-workspace'

/** The invitation links nobody has used yet, newest first, each revocable. */
export function PendingInvitationsList({ workspaceId }: { workspaceId: string }) {
  const invitations = useWorkspaceInvitationsQuery(workspaceId, true)
  const revoke = useRevokeWorkspaceInvitation(workspaceId)
  const rows = invitations.data ?? []
  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-5">
      <h2 className="text-sm font-semibold text-zinc-900">Pending invitation links</h2>
      <FormError message={invitations.error ? errorMessage(invitations.error) : revoke.error ? errorMessage(revoke.error) : null} />
      {invitations.isSuccess && rows.length === 0 ? (
        <p className="mt-2 text-sm text-zinc-500" data-testid="no-pending-invitations">
          No links waiting to be used.
        </p>
      ) : null}
      <ul className="mt-2 divide-y divide-zinc-100">
        {rows.map((invitation) => (
          <li key={invitation.id} className="flex items-center justify-between gap-3 py-2 text-sm" data-testid="pending-invitation">
            <span>
              <span className="font-medium text-zinc-900">{roleLabel(invitation.role, invitation.approver)}</span>
              <span className="text-zinc-500">
                {invitation.createdBy ? ` · made by ${invitation.createdBy}` : ''} · <LocalTime iso={invitation.createdAt} />
                {invitation.expiresAt ? (
                  <>
                    {' '}
                    · expires <LocalTime iso={invitation.expiresAt} />
                  </>
                ) : null}
              </span>
            </span>
            <Button size="sm" variant="ghost" disabled={revoke.isPending} onClick={() => revoke.mutate(invitation.id)} data-testid="invitation-revoke">
              Revoke
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}
