/**
 * The secret parts of a server URL: query values (`?token=…`, `?api_key=…`) and the password of
 * `user:password@host`. They are split out of the URL that is stored and shown — each replaced by
 * `[secret]` — kept with the encrypted secrets, and put back only when connecting. A URL sent back
 * with `[secret]` in a place keeps the value stored for that place.
 */

export const URL_SECRET_MARK = '[secret]'

export interface UrlSecrets {
  /** Query values as written in the URL (still percent-encoded), in order, by parameter name. */
  query: Array<[name: string, rawValue: string]>
  password?: string
}

export const NO_URL_SECRETS: UrlSecrets = { query: [] }

interface UrlParts {
  beforeUserinfo: string
  user: string
  password: string | undefined
  afterUserinfo: string
  query: Array<[name: string, rawValue: string | undefined]>
  fragment: string
}

const USERINFO = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i

function parseParts(url: string): UrlParts {
  const hashAt = url.indexOf('#')
  const fragment = hashAt === -1 ? '' : url.slice(hashAt)
  const beforeFragment = hashAt === -1 ? url : url.slice(0, hashAt)
  const queryAt = beforeFragment.indexOf('?')
  const base = queryAt === -1 ? beforeFragment : beforeFragment.slice(0, queryAt)
  const search = queryAt === -1 ? '' : beforeFragment.slice(queryAt + 1)
  const query =
    search === ''
      ? []
      : search.split('&').map((pair): [string, string | undefined] => {
          const equals = pair.indexOf('=')
          return equals === -1 ? [pair, undefined] : [pair.slice(0, equals), pair.slice(equals + 1)]
        })
  const userinfo = USERINFO.exec(base)
  if (!userinfo) return { beforeUserinfo: '', user: '', password: undefined, afterUserinfo: base, query, fragment }
  const colon = userinfo[2]!.indexOf(':')
  return {
    beforeUserinfo: userinfo[1]!,
    user: colon === -1 ? userinfo[2]! : userinfo[2]!.slice(0, colon),
    password: colon === -1 ? undefined : userinfo[2]!.slice(colon + 1),
    afterUserinfo: base.slice(userinfo[0].length),
    query,
    fragment,
  }
}

function formatParts(parts: UrlParts): string {
  const userinfo = parts.beforeUserinfo ? `${parts.beforeUserinfo}${parts.user}${parts.password === undefined ? '' : `:${parts.password}`}@` : ''
  const search = parts.query.map(([name, value]) => (value === undefined ? name : `${name}=${value}`)).join('&')
  return `${userinfo}${parts.afterUserinfo}${search ? `?${search}` : ''}${parts.fragment}`
}

function isSecretValue(value: string | undefined): value is string {
  return value !== undefined && value !== ''
}

export interface SplitUrl {
  /** The URL to store and show, with `[secret]` for each secret part. */
  url: string
  secrets: UrlSecrets
  /** Parameters sent as `[secret]` that have no stored value to keep (the caller should refuse them). */
  unknownMarks: string[]
}

/** Splits `url` into what may be shown and what is secret; `[secret]` parts keep the values in `previous`. */
export function splitUrlSecrets(url: string, previous: UrlSecrets = NO_URL_SECRETS): SplitUrl {
  const parts = parseParts(url)
  const unknownMarks: string[] = []
  const unused = previous.query.map(([name, value]) => ({ name, value, used: false }))
  const query: UrlSecrets['query'] = []
  for (const entry of parts.query) {
    const [name, value] = entry
    if (!isSecretValue(value)) continue
    let secret = value
    if (value === URL_SECRET_MARK) {
      const kept = unused.find((candidate) => !candidate.used && candidate.name === name)
      if (kept) {
        kept.used = true
        secret = kept.value
      } else unknownMarks.push(name)
    }
    query.push([name, secret])
    entry[1] = URL_SECRET_MARK
  }
  let password: string | undefined
  if (isSecretValue(parts.password)) {
    if (parts.password !== URL_SECRET_MARK) password = parts.password
    else if (previous.password !== undefined) password = previous.password
    else unknownMarks.push('password')
    parts.password = URL_SECRET_MARK
  }
  return { url: formatParts(parts), secrets: password === undefined ? { query } : { query, password }, unknownMarks }
}

/** The URL to connect to: each `[secret]` replaced by its stored value. */
export function joinUrlSecrets(maskedUrl: string, secrets: UrlSecrets): string {
  const parts = parseParts(maskedUrl)
  const values = secrets.query.map(([name, value]) => ({ name, value, used: false }))
  for (const entry of parts.query) {
    if (entry[1] !== URL_SECRET_MARK) continue
    const stored = values.find((candidate) => !candidate.used && candidate.name === entry[0])
    if (!stored) continue
    stored.used = true
    entry[1] = stored.value
  }
  if (parts.password === URL_SECRET_MARK && secrets.password !== undefined) parts.password = secrets.password
  return formatParts(parts)
}

/** `url` as it may be shown: every query value and the password replaced by `[secret]`. */
export function maskUrl(url: string): string {
  return splitUrlSecrets(url).url
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '))
  } catch {
    return value
  }
}

/** The values to redact: each as written in the URL and decoded. */
export function urlSecretValues(secrets: UrlSecrets): string[] {
  const raw = [...secrets.query.map(([, value]) => value), ...(secrets.password === undefined ? [] : [secrets.password])]
  return [...new Set(raw.flatMap((value) => [value, safeDecode(value)]))]
}
