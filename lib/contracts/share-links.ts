/**
 * The HTTP contracts of share links: creating, listing and revoking a run's read-only links, and
 * the shared run a link shows (`GET /api/share/:token`).
 */
import { z } from 'zod'
import { runEventSchema } from './run-events'
import { runViewSchema } from './runs'

/**
 * A site allowed to embed a shared page in a frame: an http(s) origin, nothing after the host and port
 * (`https://wiki.example.com`). Written to the page's `Content-Security-Policy: frame-ancestors`, so
 * it must be exactly an origin: no path, wildcard, quote or space can slip into the header.
 */
export const frameOriginSchema = z
  .string()
  .trim()
  .max(200)
  .refine((value) => {
    try {
      const url = new URL(value)
      const plainHost = /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)
      return (url.protocol === 'https:' || url.protocol === 'http:') && plainHost && url.origin === value.replace(/\/$/, '').toLowerCase()
    } catch {
      return false
    }
  }, 'Enter an origin such as https://wiki.example.com (no path).')
  .transform((value) => new URL(value).origin)

export const createShareLinkBody = z.object({
  expiresInHours: z
    .number()
    .positive()
    .max(24 * 365)
    .optional(),
  /** Show the agents' instructions on the shared page (default: hidden). */
  includeInstructions: z.boolean().default(false),
  /** Origins whose pages may embed the shared page in a frame (default: none, framing refused). */
  frameOrigins: z.array(frameOriginSchema).max(10).default([]),
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
  /** Origins allowed to embed the shared page; empty: nobody may frame it. */
  frameOrigins: z.array(z.string()),
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
