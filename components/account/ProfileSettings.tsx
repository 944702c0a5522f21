'use client'

import { useState, type FormEvent } from 'react'
import { Badge, Button, Field, Input } from '@/components/ui'
import { MIN_PASSWORD_LENGTH } from '@/lib/contracts/accounts'
import { FormError } from './FormError'
import { accountApi } from './account-api'
import { errorMessage } from '../api-client'

export function ProfileSettings({ name, email, role }: { name: string; email: string; role: string }) {
  const [currentPassword, setCurrentPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    setSaved(false)
    try {
      await accountApi.changePassword(currentPassword, newPassword)
      setSaved(true)
      setCurrentPassword('')
      setNewPassword('')
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-5">
      <h2 className="text-sm font-semibold text-zinc-900">Profile</h2>
      <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-y-1 text-sm">
        <dt className="text-zinc-500">Name</dt>
        <dd data-testid="profile-name">{name}</dd>
        <dt className="text-zinc-500">E-mail</dt>
        <dd data-testid="profile-email">{email}</dd>
        <dt className="text-zinc-500">Role</dt>
        <dd>
          <Badge tone={role === 'admin' ? 'accent' : 'neutral'}>{role}</Badge>
        </dd>
      </dl>
      <form onSubmit={submit} className="mt-5 flex max-w-sm flex-col gap-3">
        <h3 className="text-sm font-medium text-zinc-800">Change password</h3>
        <Field label="Current password" htmlFor="current-password">
          <Input
            id="current-password"
            type="password"
            autoComplete="current-password"
            required
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
          />
        </Field>
        <Field label="New password" htmlFor="new-password" help={`At least ${MIN_PASSWORD_LENGTH} characters; a passphrase is welcome.`}>
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
          />
        </Field>
        <FormError message={error} />
        {saved ? <p className="text-sm text-emerald-700">Your password is changed.</p> : null}
        <Button type="submit" disabled={busy} className="self-start">
          Change password
        </Button>
      </form>
    </section>
  )
}
