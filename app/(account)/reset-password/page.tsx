import type { Metadata } from 'next'
import { AccountCard } from '@/components/account/AccountCard'
import { ResetPasswordForm } from '@/components/account/ResetPasswordForm'

export const metadata: Metadata = { title: 'Reset password', referrer: 'no-referrer' }

// The link is checked when the new password is sent: it works once.
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams
  return (
    <AccountCard title="Choose a new password" description="You are signed out everywhere once it is set.">
      {typeof token === 'string' ? (
        <ResetPasswordForm token={token} />
      ) : (
        <p className="text-sm text-zinc-700">This link has no token: open the whole link you were sent.</p>
      )}
    </AccountCard>
  )
}
