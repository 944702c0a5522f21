'use client'

import { NewAccountForm } from './NewAccountForm'
import { accountApi } from './account-api'

export function AcceptInvitationForm({ token, email }: { token: string; email: string }) {
  return (
    <NewAccountForm
      fixedEmail={email}
      submitLabel="Create my account"
      onCreate={({ name, password }) => accountApi.acceptInvitation(token, { name, password })}
    />
  )
}
