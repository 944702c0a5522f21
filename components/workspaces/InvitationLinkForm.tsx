'use client'

import { useState, type FormEvent } from 'react'
import { FormError } from '@/components/account/FormError'
import { ShownOnceBox } from '@/components/account/ShownOnceBox'
import { errorMessage } from '@/components/api-client'
import { useCreateWorkspaceInvitation } from '@/components/queries/workspaces'
import { Button, Field, LocalTime } from '@/components/ui'
import type { WorkspaceRole } from '@/lib/contracts/workspaces'
import { RoleSelect } from './RoleSelect'

/** Makes a one-time invitation link with a role; the link is shown (and copyable) this once. */
export function InvitationLinkForm({ workspaceId }: { workspaceId: string }) {
  const [role, setRole] = useState<WorkspaceRole>('runner')
  const [approver, setApprover] = useState(false)
  const invite = useCreateWorkspaceInvitation(workspaceId)

  function submit(event: FormEvent) {
    event.preventDefault()
    invite.mutate({ role, approver })
  }

  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-5">
      <h2 className="text-sm font-semibold text-zinc-900">Invitation link</h2>
      <p className="mt-1 text-sm text-zinc-600">Whoever opens it first and signs in joins with this role. It works once, for seven days.</p>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3" data-testid="invitation-link-form">
        <Field label="Role" htmlFor="invitation-role">
          <RoleSelect id="invitation-role" data-testid="invitation-link-role" value={role} onChange={setRole} className="w-32" />
        </Field>
        <label className="flex h-9 items-center gap-2 text-sm text-zinc-700">
          <input type="checkbox" checked={approver} onChange={(event) => setApprover(event.target.checked)} data-testid="invitation-approver" /> Answers
          approvals
        </label>
        <Button type="submit" variant="primary" disabled={invite.isPending} data-testid="invitation-create">
          Create link
        </Button>
      </form>
      <div className="mt-3 flex flex-col gap-2">
        <FormError message={invite.error ? errorMessage(invite.error) : null} />
        {invite.data ? (
          <>
            <ShownOnceBox
              value={invite.data.url}
              testId="invitation-link"
              warning="Copy the link now: it is not shown again. Send it to the person you invite."
            />
            <p className="text-xs text-zinc-500">
              Works until <LocalTime iso={invite.data.expiresAt} />.
            </p>
          </>
        ) : null}
      </div>
    </section>
  )
}
