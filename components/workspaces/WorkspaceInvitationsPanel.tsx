'use client'

import { AddMemberForm } from './AddMemberForm'
import { InvitationLinkForm } from './InvitationLinkForm'
import { PendingInvitationsList } from './PendingInvitationsList'

/** How owners bring people in: by their account's address (at once), or with a one-time link; and the links still open. */
export function WorkspaceInvitationsPanel({ workspaceId }: { workspaceId: string }) {
  return (
    <div className="flex flex-col gap-4">
      <AddMemberForm workspaceId={workspaceId} />
      <InvitationLinkForm workspaceId={workspaceId} />
      <PendingInvitationsList workspaceId={workspaceId} />
    </div>
  )
}
