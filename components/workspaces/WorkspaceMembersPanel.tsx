'use client'

import { errorMessage } from '@/components/api-client'
import { FormError } from '@/components/account/FormError'
import { useWorkspaceMembersQuery, useWorkspaceQuery } from '@/components/queries/workspaces'
import { ListTable } from '@/components/ui'
import { MemberRow } from './MemberRow'

const COLUMNS = [{ label: 'Person' }, { label: 'Role' }, { label: 'Approver' }, { label: 'Actions', hidden: true }] as const

/** Who is in the workspace, with what role; its owners change roles and the approver flag and remove people. */
export function WorkspaceMembersPanel({ workspaceId }: { workspaceId: string }) {
  const members = useWorkspaceMembersQuery(workspaceId)
  const owner = useWorkspaceQuery(workspaceId).data?.role === 'owner'
  return (
    <section className="flex flex-col gap-3">
      <p className="text-sm text-zinc-600">
        {owner ? 'Approvers (and owners) answer the approvals of this workspace’s runs.' : 'Only the workspace’s owners change roles and remove people.'}
      </p>
      <FormError message={members.error ? errorMessage(members.error) : null} />
      <ListTable testId="workspace-members" columns={COLUMNS}>
        {(members.data ?? []).map((member) => (
          <MemberRow key={member.userId} workspaceId={workspaceId} member={member} editable={owner} />
        ))}
      </ListTable>
    </section>
  )
}
