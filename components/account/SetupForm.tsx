'use client'

import { NewAccountForm } from './NewAccountForm'
import { accountApi } from './account-api'

export function SetupForm({ token }: { token: string }) {
  return <NewAccountForm submitLabel="Create the admin account" onCreate={(values) => accountApi.setup({ token, ...values })} />
}
