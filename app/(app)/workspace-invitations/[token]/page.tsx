import type { Metadata } from 'next'
import { AcceptWorkspaceInvitation } from '@/components/workspaces/AcceptWorkspaceInvitation'
import { invitationTokenParamsSchema, type InvitationPreview } from '@/lib/contracts/workspaces'
import { isDomainError } from '@/lib/server/domain-errors'
import { getServices } from '@/lib/server/services'
import { requirePageUser } from '../../page-user'

export const metadata: Metadata = { title: 'Workspace invitation', referrer: 'no-referrer' }

/**
 * The page a workspace invitation link opens. Signed out, the person is sent to sign in and comes back here; signed in,
 * they see the workspace and the role offered and accept (reading the link does not use it up).
 */
export default async function WorkspaceInvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params
  const user = await requirePageUser()
  const parsed = invitationTokenParamsSchema.safeParse({ token })
  let invitation: InvitationPreview | null = null
  if (parsed.success) {
    try {
      invitation = await (await getServices()).workspaces.previewInvitation(user, parsed.data.token)
    } catch (error) {
      if (!isDomainError(error)) throw error
    }
  }
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-4 p-6">
      <AcceptWorkspaceInvitation token={token} invitation={invitation} />
    </div>
  )
}
