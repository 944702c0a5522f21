import type { Metadata } from 'next'
import { AccountCard } from '@/components/account/AccountCard'
import { SignInForm } from '@/components/account/SignInForm'
import { getAppContext } from '@/lib/server/app-context'
import { oidcConfigFromEnv } from '@/lib/server/auth/auth'
import { UserService } from '@/lib/server/auth/users'

export const metadata: Metadata = { title: 'Sign in' }
export const dynamic = 'force-dynamic'

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams
  const app = await getAppContext()
  if ((await new UserService(app).count()) === 0) {
    return (
      <AccountCard title="Sign in">
        <p className="text-sm text-zinc-700" data-testid="no-account-yet">
          No account exists yet: use the setup link printed by the server.
        </p>
      </AccountCard>
    )
  }
  return (
    <AccountCard title="Sign in">
      <SignInForm next={typeof next === 'string' ? next : null} oidcName={oidcConfigFromEnv()?.name ?? null} />
    </AccountCard>
  )
}
