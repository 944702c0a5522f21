import type { Metadata } from 'next'
import { headers } from 'next/headers'
import { notFound } from 'next/navigation'
import { PublicForm } from '@/components/publishing/PublicForm'
import { publicationTokenParams, type PublicWorkflow } from '@/lib/contracts/publications'
import { isDomainError } from '@/lib/server/domain-errors'
import { visitorAddress } from '@/lib/server/publications/visitor-chat'
import { getServices } from '@/lib/server/services'

// A publication can be revoked at any moment: never serve a cached page.
export const dynamic = 'force-dynamic'

export const metadata: Metadata = {
  title: 'Form',
  robots: { index: false, follow: false },
  // Keep the token out of Referer headers sent to any linked site.
  referrer: 'no-referrer',
}

/** The published workflow behind a token (404 for an unknown, malformed, expired or revoked one), counted like an API call. */
async function loadPublishedWorkflow(token: string): Promise<PublicWorkflow | 'busy'> {
  if (!publicationTokenParams.safeParse({ token }).success) notFound()
  try {
    const { visitorForm } = await getServices()
    const request = new Request('http://page.invalid/', { headers: await headers() })
    return await visitorForm.workflow(await visitorForm.open(token, visitorAddress(request)))
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') notFound()
    if (isDomainError(error) && error.code === 'too_many_requests') return 'busy'
    throw error
  }
}

export default async function PublicFormPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params
  const workflow = await loadPublishedWorkflow(token)
  if (workflow === 'busy') {
    return <p className="mx-auto mt-24 max-w-md px-6 text-center text-sm text-zinc-600">This form is busy: try again in a minute.</p>
  }
  return <PublicForm token={token} workflow={workflow} />
}
