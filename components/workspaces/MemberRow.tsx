'use client'

import { errorMessage } from '@/components/api-client'
import { useChangeWorkspaceMember, useRemoveWorkspaceMember } from '@/components/queries/workspaces'
import { Badge, Button } from '@/components/ui'
import type { WorkspaceMemberView } from '@/lib/contracts/workspaces'
import { useCurrentWorkspace } from './CurrentWorkspaceProvider'
import { RoleSelect } from './RoleSelect'

/** One member: name and address, role and approver flag (controls for owners, text for others), remove. */
export function MemberRow({ workspaceId, member, editable }: { workspaceId: string; member: WorkspaceMemberView; editable: boolean }) {
  const { personId } = useCurrentWorkspace()
  const change = useChangeWorkspaceMember(workspaceId)
  const remove = useRemoveWorkspaceMember(workspaceId)
  const failure = change.error ?? remove.error
  const you = member.userId === personId
  const label = member.name.trim() || member.email
  // While a change is on its way, the controls show it (the list refreshes when it is saved; a failure shows the saved state again).
  const asked = change.isPending ? change.variables : undefined
  const role = asked?.role ?? member.role
  const approver = asked?.approver ?? member.approver

  return (
    <tr data-testid="workspace-member" data-email={member.email}>
      <td className="px-4 py-2.5">
        <span className="font-medium text-zinc-900">{label}</span> {you ? <Badge tone="accent">You</Badge> : null}
        <div className="text-xs text-zinc-500">{member.email}</div>
        {failure ? (
          <p role="alert" className="mt-1 text-xs text-red-600" data-testid="member-error">
            {errorMessage(failure)}
          </p>
        ) : null}
      </td>
      <td className="px-4 py-2.5">
        {editable ? (
          <RoleSelect
            aria-label={`Role of ${label}`}
            data-testid="member-role"
            value={role}
            disabled={change.isPending}
            onChange={(role) => change.mutate({ userId: member.userId, role })}
            className="w-32"
          />
        ) : (
          <span data-testid="member-role-text" className="text-zinc-700 capitalize">
            {member.role}
          </span>
        )}
      </td>
      <td className="px-4 py-2.5">
        <input
          type="checkbox"
          aria-label={`${label} answers approvals`}
          data-testid="member-approver"
          checked={approver || role === 'owner'}
          disabled={!editable || role === 'owner' || change.isPending}
          title={member.role === 'owner' ? 'Owners answer approvals anyway.' : undefined}
          onChange={(event) => change.mutate({ userId: member.userId, approver: event.target.checked })}
        />
      </td>
      <td className="px-4 py-2.5 text-right">
        {editable && !you ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={remove.isPending}
            data-testid="member-remove"
            onClick={() => {
              if (window.confirm(`Remove ${label} from this workspace?`)) remove.mutate(member.userId)
            }}
          >
            Remove
          </Button>
        ) : null}
      </td>
    </tr>
  )
}
