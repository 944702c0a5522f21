import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { notFound } from 'next/navigation'
import { PublicChat } from '@/components/publishing/PublicChat'
import { publicationTokenParams, type PublicAgent } from '@/lib/contracts/publications'
import { isDomainError } from '@/lib/server/domain-errors'
import { visitorAddress } from '@/lib/server/publications/visitor-chat'
import { getServices } from '@/lib/server/services'

// A publication can be revoked at any moment: never serve a cached page.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'Chat',
  robots: { index: false, follow: false },
  // Keep the token out of Referer headers sent to any linked site.
  referrer: 'no-referrer',
}

/** The published agent behind a token (404 for an unknown, malformed, expired or revoked one), counted like an API call. */
async function loadPublishedAgent(token: string): Promise<PublicAgent | 'busy'> {
  if (!publicationTokenParams.safeParse({ token }).success) notFound()
  try {
    const { visitorChat } = await getServices()
    const request = new Request('http://page.invalid/', { headers: await headers() })
    return await visitorChat.agent(await visitorChat.open(token, visitorAddress(request)))
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') notFound()
    if (isDomainError(error) && error.code === 'too_many_requests') return 'busy'
    throw error
  }
}

export default async function PublicChatPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<{ embed?: string }> }) {
  const { token } = await params
  const { embed } = await searchParams
  const agent = await loadPublishedAgent(token)
  if (agent === 'busy') {
    return <p className="mx-auto mt-24 max-w-md px-6 text-center text-sm text-zinc-600">This chat is busy: try again in a minute.</p>
  }
  return <PublicChat token={token} agent={{ name: agent.name, description: agent.description }} embed={embed === '1'} />
}
