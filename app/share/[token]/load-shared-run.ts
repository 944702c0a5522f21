import { notFound } from 'next/navigation'
import type { RunViewData } from '@/components/runs/types'
import { HttpError } from '@/lib/server/http-errors'
import { getServices } from '@/lib/server/services'
import { shareTokenParams } from '@/lib/server/share/share-links'

/**
 * The sanitised run behind a share token (what `GET /api/share/:token` answers), read through
 * the share service directly rather than over HTTP. Unknown, malformed, expired and revoked
 * tokens all end in notFound(), i.e. a real 404.
 */
export async function loadSharedRun(token: string): Promise<RunViewData> {
  const parsed = shareTokenParams.safeParse({ token })
  if (!parsed.success) notFound()
  try {
    const { shareLinks } = await getServices()
    const shared = await shareLinks.resolve(parsed.data.token)
    // Plain JSON only crosses into the client component.
    return JSON.parse(JSON.stringify(shared)) as RunViewData
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) notFound()
    throw error
  }
}
