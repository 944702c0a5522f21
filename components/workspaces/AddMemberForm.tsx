'use client'

import { useState, type FormEvent } from 'react'
import { FormError } from '@/components/account/FormError'
import { errorMessage } from '@/components/api-client'
import { useAddWorkspaceMember } from '@/components/queries/workspaces'
import { Button, Field, Input } from '@/components/ui'
import type { WorkspaceRole } from '@/lib/contracts/workspaces'
import { RoleSelect } from './RoleSelect'

/** Adds someone who has an account here, by its address, with a role (and the approver flag). */
export function AddMemberForm({ workspaceId }: { workspaceId: string }) {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<WorkspaceRole>('editor')
  const [approver, setApprover] = useState(false)
  const [added, setAdded] = useState<string | null>(null)
  const add = useAddWorkspaceMember(workspaceId)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const member = await add.mutateAsync({ email, role, approver }).catch(() => null)
    if (!member) return
    setAdded(member.name.trim() || member.email)
    setEmail('')
  }

  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-5">
      <h2 className="text-sm font-semibold text-zinc-900">Add a person with an account</h2>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-3" data-testid="add-member-form">
        <Field label="Account email" htmlFor="member-email">
          <Input id="member-email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} required className="w-72" />
        </Field>
        <Field label="Role" htmlFor="member-role">
          <RoleSelect id="member-role" value={role} onChange={setRole} className="w-32" />
        </Field>
        <label className="flex h-9 items-center gap-2 text-sm text-zinc-700">
          <input type="checkbox" checked={approver} onChange={(event) => setApprover(event.target.checked)} /> Answers approvals
        </label>
        <Button type="submit" variant="primary" disabled={add.isPending} data-testid="add-member-submit">
          Add member
        </Button>
      </form>
      <div className="mt-2">
        <FormError message={add.error ? errorMessage(add.error) : null} />
        {added && !add.error ? (
          <p role="status" className="text-sm text-emerald-700">
            {added} is a member now.
          </p>
        ) : null}
      </div>
    </section>
  )
}
