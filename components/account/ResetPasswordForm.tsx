'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui'
import { FormError } from './FormError'
import { NewPasswordFields } from './NewPasswordFields'
import { accountApi } from './account-api'
import { errorMessage } from '../api-client'

export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (password !== repeat) return setError('The two passwords differ.')
    setBusy(true)
    setError(null)
    try {
      await accountApi.resetPassword(token, password)
      setDone(true)
    } catch (failure) {
      setError(errorMessage(failure))
    } finally {
      setBusy(false)
    }
  }

  if (done) {
    return (
      <p className="text-sm text-zinc-700" data-testid="reset-done">
        Your password is set.{' '}
        <IntentLink href="/sign-in" className="text-indigo-600 hover:underline">
          Sign in
        </IntentLink>
      </p>
    )
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <NewPasswordFields
        idPrefix="reset-password"
        label="New password"
        password={password}
        repeat={repeat}
        onPasswordChange={setPassword}
        onRepeatChange={setRepeat}
      />
      <FormError message={error} />
      <Button type="submit" variant="primary" disabled={busy} data-testid="reset-submit">
        Set password
      </Button>
    </form>
  )
}
