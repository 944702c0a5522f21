'use client'

import { useRouter } from 'next/navigation'
import { FormError } from '@/components/account/FormError'
import { errorMessage } from '@/components/api-client'
import { useAcceptWorkspaceInvitation } from '@/components/queries/workspaces'
import { Button } from '@/components/ui'
import type { InvitationPreview } from '@/lib/contracts/workspaces'
import { useCurrentWorkspace } from './CurrentWorkspaceProvider'
import { ROLE_MEANING, roleLabel } from './current-workspace'

/** What the invitation offers and "Join": joining switches the person to the workspace and opens its workflows. */
export function AcceptWorkspaceInvitation({ token, invitation }: { token: string; invitation: InvitationPreview | null }) {
  const accept = useAcceptWorkspaceInvitation(token)
  const { select } = useCurrentWorkspace()
  const router = useRouter()

  if (!invitation) {
    return (
      <section className="rounded-lg border border-zinc-200 bg-white p-6" data-testid="invitation-invalid">
        <h1 className="text-lg font-semibold text-zinc-900">Invitation</h1>
        <p className="mt-2 text-sm text-zinc-700">
          This invitation is not valid any more: it was used already, it was revoked, or it expired. Ask the workspace’s owner for a new link.
        </p>
      </section>
    )
  }

  async function join() {
    const workspace = await accept.mutateAsync().catch(() => null)
    if (!workspace) return
    select(workspace.id)
    router.push('/workflows')
  }

  return (
    <section className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-6" data-testid="workspace-invitation">
      <h1 className="text-lg font-semibold text-zinc-900">
        Join <span data-testid="invitation-workspace">{invitation.workspace.name}</span>
      </h1>
      <p className="text-sm text-zinc-700">
        You are invited as <strong data-testid="invitation-role">{roleLabel(invitation.role, invitation.approver)}</strong>: {ROLE_MEANING[invitation.role]}
        {invitation.approver ? ' You will also answer the approvals of its runs.' : ''}
      </p>
      {invitation.member ? <p className="text-sm text-zinc-600">You are a member already; joining again changes nothing.</p> : null}
      <FormError message={accept.error ? errorMessage(accept.error) : null} />
      <div className="flex gap-2">
        <Button variant="primary" onClick={join} disabled={accept.isPending} data-testid="invitation-accept">
          Join workspace
        </Button>
        <Button onClick={() => router.push('/')}>Not now</Button>
      </div>
    </section>
  )
}
