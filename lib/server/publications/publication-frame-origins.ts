/**
 * The sites a publication's owner allowed to embed its chat page (the widget's frame), for proxy.ts's
 * `frame-ancestors`: the same light lookup as a share page's (share-frame-origins.ts), through the context the
 * server opened at start. Unknown, expired or revoked publications, and a server still starting, allow nobody.
 */
import { publicationTokenParams } from '@/lib/contracts/publications'
import type { AppContext } from '../app-context'
import { hashPublicationToken, isLivePublication } from './publication-token'

const CHAT_PAGE = /^\/chat\/([^/]+)\/?$/

/** The token of a public chat page's path, or undefined for any other path. */
export function chatPageToken(pathname: string): string | undefined {
  const token = CHAT_PAGE.exec(pathname)?.[1]
  return token !== undefined && publicationTokenParams.safeParse({ token }).success ? token : undefined
}

export async function publicationFrameOrigins(token: string): Promise<string[]> {
  const running = (globalThis as { __agentloomApp?: Promise<AppContext> }).__agentloomApp
  const app = await running?.catch(() => undefined)
  if (!app) return []
  const row = await app.db.prisma.publication.findUnique({
    where: { tokenHash: hashPublicationToken(token) },
    select: { allowedOrigins: true, revokedAt: true, expiresAt: true },
  })
  return row && isLivePublication(row) ? row.allowedOrigins : []
}
