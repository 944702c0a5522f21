import { notFound } from 'next/navigation'
import { isDomainError } from '@/lib/server/domain-errors'
import { getServices } from '@/lib/server/services'
import { shareTokenParams, type SharedRun } from '@/lib/contracts/share-links'

/**
 * The sanitised run behind a share token (what `GET /api/share/:token` answers), read through
 * the share service directly rather than over HTTP. Unknown, malformed, expired and revoked
 * tokens all end in notFound(), i.e. a real 404.
 */
export async function loadSharedRun(token: string): Promise<SharedRun> {
  const parsed = shareTokenParams.safeParse({ token })
  if (!parsed.success) notFound()
  try {
    const { shareLinks } = await getServices()
    const shared = await shareLinks.resolve(parsed.data.token)
    // Plain JSON only crosses into the client component.
    return JSON.parse(JSON.stringify(shared)) as SharedRun
  } catch (error) {
    if (isDomainError(error) && error.code === 'not_found') notFound()
    throw error
  }
}
