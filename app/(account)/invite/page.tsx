import type { Metadata } from 'next'
import { AccountCard } from '@/components/account/AccountCard'
import { AcceptInvitationForm } from '@/components/account/AcceptInvitationForm'
import { getAppContext } from '@/lib/server/app-assembly'
import { OneTimeLinkService } from '@/lib/server/auth/one-time-links'

export const metadata: Metadata = { title: 'Invitation', referrer: 'no-referrer' }
export const dynamic = 'force-dynamic'

export default async function InvitePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams
  const invitation = typeof token === 'string' ? await new OneTimeLinkService(await getAppContext()).invitation(token).catch(() => null) : null
  if (!invitation || typeof token !== 'string') {
    return (
      <AccountCard title="Invitation">
        <p className="text-sm text-zinc-700" data-testid="invalid-link">
          This invitation is not valid any more: it was used already or it expired. Ask an admin for a new one.
        </p>
      </AccountCard>
    )
  }
  return (
    <AccountCard
      title="Join Agentloom"
      description={`You are invited as ${invitation.role === 'admin' ? 'an admin' : 'a member'}. Choose your name and a password.`}
    >
      <AcceptInvitationForm token={token} email={invitation.email} />
    </AccountCard>
  )
}
