/**
 * Saves that name what they started from. Every update of a workflow, an agent, a skill or an MCP
 * server carries the version it was based on — `baseVersion` in the body, or `If-Match` with the
 * ETag its GET answered — so that a save made from an older version never silently replaces a
 * newer one: it answers 409 `stale_version` with the newer version in `details.current`, and
 * nothing changes. A save without a base answers 428 `base_version_required`.
 */
import { z } from 'zod'
import { PG_INT_MAX } from './safe-text'

/** The version a save started from (the body's `baseVersion`; 0 for a resource without any version yet). */
export const baseVersionSchema = z.number().int().min(0).max(PG_INT_MAX)

/** Who saved a version; null when unknown (an account since deleted, the seed, a save from before this was kept). */
export const savedBySchema = z.object({ id: z.string(), name: z.string() }).nullable()

/** `details` of a 409 `stale_version`: the version saved since the one the save started from. */
export const staleVersionDetailsSchema = z.object({
  current: z.object({
    version: z.number().int(),
    /** The ETag of the current version, for `If-Match` on the next save. */
    etag: z.string(),
    savedAt: z.string(),
    savedBy: savedBySchema,
  }),
})
export type StaleVersionDetails = z.infer<typeof staleVersionDetailsSchema>
export type CurrentVersion = StaleVersionDetails['current']

/** The ETag of a version number: what GET answers and `If-Match` sends back. */
export function versionEtag(version: number): string {
  return `"${version}"`
}
