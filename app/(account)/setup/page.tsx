import type { Metadata } from 'next'
import { AccountCard } from '@/components/account/AccountCard'
import { SetupForm } from '@/components/account/SetupForm'
import { getAppContext } from '@/lib/server/app-assembly'
import { UserService } from '@/lib/server/auth/users'

export const metadata: Metadata = { title: 'Set up', referrer: 'no-referrer' }
export const dynamic = 'force-dynamic'

export default async function SetupPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams
  const users = new UserService(await getAppContext())
  const valid = typeof token === 'string' && (await users.count()) === 0 && (await users.peekToken('setup', token)) !== null
  if (!valid) {
    return (
      <AccountCard title="Set up Agentloom">
        <p className="text-sm text-zinc-700" data-testid="invalid-link">
          This setup link is not valid any more. If nobody has an account yet, restart the server to print a new one; otherwise, sign in.
        </p>
      </AccountCard>
    )
  }
  return (
    <AccountCard title="Set up Agentloom" description="Create the first account. It is an admin: it can invite everyone else.">
      <SetupForm token={token} />
    </AccountCard>
  )
}
