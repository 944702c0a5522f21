'use client'

import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Button, Field, Input } from '@/components/ui'
import { Dialog } from '@/components/ui/Dialog'
import { errorMessage } from '../api-client'
import { accountApi } from './account-api'
import { FormError } from './FormError'
import { registerRenewalPrompt } from './session-renewal'

/**
 * Asks the signed-in person for their password again when their session ends on an open page (session-renewal.ts),
 * so that what they were doing carries on where it was. Signing in as someone else is a full sign-in instead.
 */
export function SessionRenewalDialog({ email }: { email: string }) {
  const finishRef = useRef<((renewed: boolean) => void) | null>(null)
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(
    () =>
      registerRenewalPrompt((finish) => {
        finishRef.current = finish
        setPassword('')
        setError(null)
        setOpen(true)
      }),
    [],
  )

  function finish(renewed: boolean) {
    setOpen(false)
    setBusy(false)
    finishRef.current?.(renewed)
    finishRef.current = null
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await accountApi.signIn(email, password)
      finish(true)
    } catch (failure) {
      setError(errorMessage(failure))
      setBusy(false)
    }
  }

  function signInElsewhere() {
    finish(false)
    window.location.assign(`/sign-in?next=${encodeURIComponent(window.location.pathname + window.location.search)}`)
  }

  return (
    <Dialog
      open={open}
      onClose={() => finish(false)}
      title="Your session has ended"
      description="For your security, a session ends after a time without use, and after some hours in any case. Sign in again to carry on: nothing on this page is lost."
      footer={
        <>
          <Button variant="secondary" onClick={signInElsewhere} data-testid="session-renewal-elsewhere">
            Sign in as someone else
          </Button>
          <Button type="submit" form="session-renewal-form" variant="primary" disabled={busy} data-testid="session-renewal-submit">
            Sign in
          </Button>
        </>
      }
    >
      <form id="session-renewal-form" onSubmit={submit} className="flex flex-col gap-3" data-testid="session-renewal">
        <Field label="E-mail" htmlFor="session-renewal-email">
          <Input id="session-renewal-email" type="email" autoComplete="username" value={email} readOnly />
        </Field>
        <Field label="Password" htmlFor="session-renewal-password">
          <Input
            id="session-renewal-password"
            type="password"
            autoComplete="current-password"
            required
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            data-testid="session-renewal-password"
          />
        </Field>
        <FormError message={error} />
      </form>
    </Dialog>
  )
}
