import { notFound } from 'next/navigation'
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
    // Checked by shape, not instanceof: the services may have been built by another bundle
    // (instrumentation), whose HttpError class is a different object.
    if ((error as { status?: unknown } | null)?.status === 404) notFound()
    throw error
  }
}
