'use client'

import { useState, type FormEvent } from 'react'
import { Button, Field, Input } from '@/components/ui'
import { safeNextPath } from '@/lib/contracts/accounts'
import { FormError } from './FormError'
import { accountApi } from './account-api'
import { errorMessage } from '../api-client'

/** `initialError`: why the last sign-in through the OIDC provider was refused, when it was. */
export function SignInForm({ next, oidcName, initialError = null }: { next: string | null; oidcName: string | null; initialError?: string | null }) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(initialError)
  const [busy, setBusy] = useState(false)
  const target = safeNextPath(next)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await accountApi.signIn(email, password)
      // A full load, so the signed-in layout renders with the new session cookie.
      window.location.assign(target)
    } catch (failure) {
      setError(errorMessage(failure))
      setBusy(false)
    }
  }

  async function signInWithOidc() {
    setBusy(true)
    setError(null)
    try {
      const { url } = await accountApi.signInWithOidc(target, `/sign-in?next=${encodeURIComponent(target)}`)
      window.location.assign(url)
    } catch (failure) {
      setError(errorMessage(failure))
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} className="flex flex-col gap-3" data-testid="sign-in-form">
        <Field label="E-mail" htmlFor="sign-in-email">
          <Input
            id="sign-in-email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            data-testid="sign-in-email"
          />
        </Field>
        <Field label="Password" htmlFor="sign-in-password">
          <Input
            id="sign-in-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="sign-in-password"
          />
        </Field>
        <FormError message={error} />
        <Button type="submit" variant="primary" disabled={busy} data-testid="sign-in-submit">
          Sign in
        </Button>
      </form>
      {oidcName ? (
        <Button onClick={signInWithOidc} disabled={busy} data-testid="sign-in-oidc">
          Sign in with {oidcName}
        </Button>
      ) : null}
    </div>
  )
}
