/**
 * The sites a share link's owner allowed to embed its page (`frame-ancestors`), for proxy.ts. The
 * proxy is bundled apart from the app and must stay light, so it reaches the running app's
 * database through the context the server opened at start (app-context.ts keeps it on globalThis)
 * rather than importing the services. Unknown, expired or revoked links, and a server still
 * starting, allow nobody.
 */
import { shareTokenParams } from '@/lib/contracts/share-links'
import type { AppContext } from '../app-context'
import { hashShareToken, isLiveShareLink } from './share-token'

const SHARE_PAGE = /^\/share\/([^/]+)\/?$/

/** The token of a shared page's path, or undefined for any other path. */
export function sharePageToken(pathname: string): string | undefined {
  const token = SHARE_PAGE.exec(pathname)?.[1]
  return token !== undefined && shareTokenParams.safeParse({ token }).success ? token : undefined
}

export async function shareFrameOrigins(token: string): Promise<string[]> {
  const running = (globalThis as { __agentloomApp?: Promise<AppContext> }).__agentloomApp
  const app = await running?.catch(() => undefined)
  if (!app) return []
  const row = await app.db.prisma.shareLink.findUnique({
    where: { tokenHash: hashShareToken(token) },
    select: { frameOrigins: true, revokedAt: true, expiresAt: true },
  })
  return row && isLiveShareLink(row) ? row.frameOrigins : []
}
