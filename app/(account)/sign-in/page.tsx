import type { Metadata } from 'next'
import { AccountCard } from '@/components/account/AccountCard'
import { SignInForm } from '@/components/account/SignInForm'
import { getAppContext } from '@/lib/server/app-assembly'
import { oidcConfigFromEnv } from '@/lib/server/auth/auth'
import { oidcSignInErrorMessage } from '@/lib/server/auth/oidc-policy'
import { UserService } from '@/lib/server/auth/users'

export const metadata: Metadata = { title: 'Sign in' }
export const dynamic = 'force-dynamic'

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[]; error?: string | string[] }> }) {
  const { next, error } = await searchParams
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
  const oidcName = oidcConfigFromEnv()?.name ?? null
  // A refused OIDC sign-in comes back here with ?error=<code> (lib/server/auth/oidc-policy.ts).
  const oidcError = oidcName && typeof error === 'string' ? oidcSignInErrorMessage(error, oidcName) : null
  // Coming from a workspace invitation link: say why, and how someone without an account gets one.
  const invited = typeof next === 'string' && next.startsWith('/workspace-invitations/')
  return (
    <AccountCard
      title="Sign in"
      description={invited ? 'Sign in to accept the workspace invitation. No account yet? Ask an admin of this Agentloom to invite you first.' : undefined}
    >
      <SignInForm next={typeof next === 'string' ? next : null} oidcName={oidcName} initialError={oidcError} />
    </AccountCard>
  )
}
