/**
 * The HTTP contracts of share links: creating, listing and revoking a run's read-only links, and
 * the shared run a link shows (`GET /api/share/:token`).
 */
import { z } from 'zod'
import { runEventSchema } from './run-events'
import { runViewSchema } from './runs'

export const createShareLinkBody = z.object({
  expiresInHours: z
    .number()
    .positive()
    .max(24 * 365)
    .optional(),
  /** Show the agents' instructions on the shared page (default: hidden). */
  includeInstructions: z.boolean().default(false),
})
/** What the panel sends (the defaults are the server's). */
export type CreateShareLinkRequest = z.input<typeof createShareLinkBody>

export const shareLinkIdParams = z.object({ id: z.string().uuid('Not a share link id.') })
/** 32 random bytes, base64url. */
export const shareTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not a share token.') })

export const shareLinkViewSchema = z.object({
  id: z.string(),
  runId: z.string(),
  /** Whether the shared page shows the agents' instructions. */
  includeInstructions: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
})
export type ShareLinkView = z.infer<typeof shareLinkViewSchema>

/** `POST /api/runs/:id/share-links` (201): the link, with its token, shown this once (only its hash is stored). */
export const createdShareLinkSchema = z.object({
  shareLink: shareLinkViewSchema,
  token: z.string(),
  /** The path `/share/<token>`. */
  url: z.string(),
})
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>

/** A run as its share link shows it: sanitised, with its events (after `?after=N` when asked). */
export const sharedRunSchema = runViewSchema.extend({ events: z.array(runEventSchema) })
export type SharedRun = z.infer<typeof sharedRunSchema>

/** `GET /api/runs/:id/share-links`. */
export const shareLinkListResponseSchema = z.object({ shareLinks: z.array(shareLinkViewSchema) })
/** `DELETE /api/share-links/:id`: the link, now revoked. */
export const revokedShareLinkResponseSchema = z.object({ shareLink: shareLinkViewSchema })
