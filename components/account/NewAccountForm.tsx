'use client'

import { useState, type FormEvent } from 'react'
import { Button, Field, Input } from '@/components/ui'
import { FormError } from './FormError'
import { NewPasswordFields } from './NewPasswordFields'
import { errorMessage } from '../api-client'

export interface NewAccountValues {
  name: string
  email: string
  password: string
}

/**
 * Name, e-mail (fixed for invitations) and a password typed twice: the form of first-admin setup
 * and of accepting an invitation. `onCreate` signs the person in; then they go to the app.
 */
export function NewAccountForm({
  fixedEmail,
  submitLabel,
  onCreate,
}: {
  fixedEmail?: string
  submitLabel: string
  onCreate: (values: NewAccountValues) => Promise<unknown>
}) {
  const [name, setName] = useState('')
  const [email, setEmail] = useState(fixedEmail ?? '')
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (password !== repeat) return setError('The two passwords differ.')
    setBusy(true)
    setError(null)
    try {
      await onCreate({ name, email, password })
      window.location.assign('/workflows')
    } catch (failure) {
      setError(errorMessage(failure))
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" data-testid="new-account-form">
      <Field label="Name" htmlFor="account-name">
        <Input id="account-name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} data-testid="account-name" />
      </Field>
      <Field label="E-mail" htmlFor="account-email">
        <Input
          id="account-email"
          type="email"
          autoComplete="username"
          required
          readOnly={fixedEmail !== undefined}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          data-testid="account-email"
        />
      </Field>
      <NewPasswordFields
        idPrefix="account-password"
        label="Password"
        password={password}
        repeat={repeat}
        onPasswordChange={setPassword}
        onRepeatChange={setRepeat}
      />
      <FormError message={error} />
      <Button type="submit" variant="primary" disabled={busy} data-testid="account-submit">
        {submitLabel}
      </Button>
    </form>
  )
}
