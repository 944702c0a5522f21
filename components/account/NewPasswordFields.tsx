'use client'

import { Field, Input } from '@/components/ui'
import { MIN_PASSWORD_LENGTH } from '@/lib/contracts/accounts'

export interface NewPasswordFieldsProps {
  /** The inputs' ids and test ids: `<idPrefix>` and `<idPrefix>-repeat`. */
  idPrefix: string
  /** "Password" or "New password"; the second field says it again. */
  label: string
  password: string
  repeat: string
  onPasswordChange: (value: string) => void
  onRepeatChange: (value: string) => void
}

/** A new password typed twice, with the length the server asks for; the form compares the two. */
export function NewPasswordFields({ idPrefix, label, password, repeat, onPasswordChange, onRepeatChange }: NewPasswordFieldsProps) {
  return (
    <>
      <Field label={label} htmlFor={idPrefix} help={`At least ${MIN_PASSWORD_LENGTH} characters; a passphrase is welcome.`}>
        <Input
          id={idPrefix}
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          onChange={(e) => onPasswordChange(e.target.value)}
          data-testid={idPrefix}
        />
      </Field>
      <Field label={`${label} again`} htmlFor={`${idPrefix}-repeat`}>
        <Input
          id={`${idPrefix}-repeat`}
          type="password"
          autoComplete="new-password"
          required
          value={repeat}
          onChange={(e) => onRepeatChange(e.target.value)}
          data-testid={`${idPrefix}-repeat`}
        />
      </Field>
    </>
  )
}
