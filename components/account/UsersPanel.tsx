'use client'

import { useState, type FormEvent } from 'react'
import { useInviteUser, useIssuePasswordReset, useUpdateUser, useUsersQuery } from '@/components/queries/accounts'
import { Badge, Button, Field, Input, Select } from '@/components/ui'
import type { UserView } from '@/lib/contracts/accounts'
import { FormError } from './FormError'
import { ShownOnceBox } from './ShownOnceBox'
import { errorMessage } from '../api-client'

const ROLE_OPTIONS = [
  { value: 'member', label: 'Member' },
  { value: 'admin', label: 'Admin' },
]

/** Admins: invite people, change roles, disable and enable, hand out password reset links. */
export function UsersPanel({ currentUserId }: { currentUserId: string }) {
  const users = useUsersQuery()
  const inviteUser = useInviteUser()
  const updateUser = useUpdateUser()
  const issueReset = useIssuePasswordReset()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState('member')
  const [link, setLink] = useState<{ value: string; warning: string } | null>(null)
  // An action's failure replaces what was shown before it; a load failure shows until the first action.
  const lastAction = [inviteUser, updateUser, issueReset].reduce((last, action) => (action.submittedAt > last.submittedAt ? action : last))
  const failure = lastAction.isIdle ? users.error : lastAction.error
  const error = failure ? errorMessage(failure) : null

  function invite(event: FormEvent) {
    event.preventDefault()
    inviteUser.mutate(
      { email, role },
      {
        onSuccess: ({ link }) => {
          setLink({ value: link, warning: `Send this invitation link to ${email}. It works once, for 7 days, and is shown only now.` })
          setEmail('')
        },
      },
    )
  }

  const resetLink = (user: UserView) =>
    issueReset.mutate(user.id, {
      onSuccess: ({ link }) =>
        setLink({ value: link, warning: `Send this password reset link to ${user.email}. It works once, for 24 hours, and is shown only now.` }),
    })

  return (
    <section className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-5">
      <h2 className="text-sm font-semibold text-zinc-900">Users</h2>
      <form onSubmit={invite} className="flex items-end gap-2">
        <div className="w-72">
          <Field label="Invite by e-mail" htmlFor="invite-email">
            <Input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} data-testid="invite-email" />
          </Field>
        </div>
        <div className="w-36">
          <Field label="Role" htmlFor="invite-role">
            <Select id="invite-role" value={role} onChange={(e) => setRole(e.target.value)} options={ROLE_OPTIONS} data-testid="invite-role" />
          </Field>
        </div>
        <Button type="submit" variant="primary" data-testid="invite-submit">
          Invite
        </Button>
      </form>
      <FormError message={error} />
      {link ? <ShownOnceBox value={link.value} warning={link.warning} testId="one-time-link" /> : null}
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-zinc-500">
          <tr>
            <th className="py-1.5 font-medium">Name</th>
            <th className="py-1.5 font-medium">E-mail</th>
            <th className="py-1.5 font-medium">Role</th>
            <th className="py-1.5 font-medium">Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {users.data?.map((user) => {
            const self = user.id === currentUserId
            return (
              <tr key={user.id} className="border-t border-zinc-100" data-testid="user-row" data-email={user.email}>
                <td className="py-2">{user.name}</td>
                <td className="py-2 text-zinc-600">{user.email}</td>
                <td className="py-2">
                  <Select
                    aria-label={`Role of ${user.email}`}
                    value={user.role}
                    disabled={self}
                    onChange={(e) => updateUser.mutate({ id: user.id, change: { role: e.target.value } })}
                    options={ROLE_OPTIONS}
                    data-testid="user-role"
                  />
                </td>
                <td className="py-2">{user.disabled ? <Badge tone="danger">disabled</Badge> : <Badge tone="success">active</Badge>}</td>
                <td className="flex justify-end gap-1.5 py-2">
                  <Button size="sm" onClick={() => resetLink(user)} data-testid="user-reset-link">
                    Password reset link
                  </Button>
                  {self ? null : (
                    <Button
                      size="sm"
                      variant={user.disabled ? 'secondary' : 'danger'}
                      onClick={() => updateUser.mutate({ id: user.id, change: { disabled: !user.disabled } })}
                      data-testid="user-toggle-disabled"
                    >
                      {user.disabled ? 'Enable' : 'Disable'}
                    </Button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
