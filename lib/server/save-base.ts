/**
 * The version a save started from (lib/contracts/save-base.ts): read from the body's `baseVersion`
 * or the `If-Match` header, and the 409 a save from an older version answers. Services compare the
 * base with what is stored inside the same transaction that writes, so two saves from the same
 * version never both succeed.
 */
import { versionEtag, type CurrentVersion } from '@/lib/contracts/save-base'
import { conflict, DomainError, invalidInput } from './domain-errors'

/** `"3"` or `W/"3"` (a weak tag compares the same for our purpose: the number is the version). */
const ETAG = /^(?:W\/)?"(\d{1,10})"$/

/**
 * The base version a save names: the body's `baseVersion` or `If-Match`'s ETag (both may be sent if they agree);
 * undefined when neither is. 400 `invalid_if_match` for a header that is not one of our ETags. Whether a base is
 * required is the service's to say (requireBase), after it has found the resource and checked the input.
 */
export function saveBase(request: Request, bodyBase: number | undefined): number | undefined {
  const header = request.headers.get('if-match')
  const fromHeader = header === null ? undefined : etagVersion(header)
  if (bodyBase !== undefined && fromHeader !== undefined && bodyBase !== fromHeader) {
    throw invalidInput('base_version_mismatch', `baseVersion ${bodyBase} and If-Match ${header} name different versions: send one.`)
  }
  return bodyBase ?? fromHeader
}

/** The base of a save that must name one: 428 `base_version_required` without. */
export function requireBase(base: number | undefined, what: string): number {
  if (base !== undefined) return base
  throw new DomainError(
    'base_version_required',
    `Say which version of the ${what} this save started from: baseVersion in the body, or If-Match with the ETag its GET answered.`,
  )
}

function etagVersion(header: string): number {
  const match = ETAG.exec(header.trim())
  const version = match ? Number(match[1]) : NaN
  if (!Number.isSafeInteger(version) || version < 0) {
    throw invalidInput('invalid_if_match', `If-Match must be one ETag this API answered (like "3"), not ${JSON.stringify(header.slice(0, 100))}.`)
  }
  return version
}

/** The 409 of a save from an older version: nothing was changed; `details.current` is the newer version. */
export function staleVersion(what: string, base: number, current: Omit<CurrentVersion, 'etag'>): DomainError {
  const by = current.savedBy ? ` by ${current.savedBy.name}` : ''
  return conflict(
    'stale_version',
    `This ${what} was saved again since version ${base}: version ${current.version}${by} at ${current.savedAt}. Nothing was saved: look at their version, then save yours on top of it or discard it.`,
    { current: { ...current, etag: versionEtag(current.version) } },
  )
}

/** A response with the ETag of the version it shows (GET of one resource, and a save's answer). */
export function withEtag(response: Response, version: number | null | undefined): Response {
  if (version != null) response.headers.set('etag', versionEtag(version))
  return response
}
