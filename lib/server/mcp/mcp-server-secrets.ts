/**
 * An MCP server's secrets — environment values (stdio) and headers (http, websocket) — are
 * write-only: they are merged from patches, shown only as key names, and cut out of any message
 * that might reach a person.
 */
import type { McpTransport, SecretsPatch } from './mcp-server-contracts'

export interface StoredSecrets {
  env: Record<string, string>
  headers: Record<string, string>
}

export interface SecretKeys {
  env: string[]
  headers: string[]
}

export const REDACTED = '[redacted]'

export function secretKeysOf(secrets: StoredSecrets): SecretKeys {
  return { env: Object.keys(secrets.env).sort(), headers: Object.keys(secrets.headers).sort() }
}

function mergeRecord(current: Record<string, string>, patch: Record<string, string | null> | undefined): Record<string, string> {
  if (!patch) return { ...current }
  const merged = { ...current }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key]
    else if (value !== undefined) merged[key] = value
  }
  return merged
}

/** A value sets a key, `null` removes it, keys the patch does not name stay. */
export function mergeSecrets(current: StoredSecrets, patch: SecretsPatch | undefined): StoredSecrets {
  return { env: mergeRecord(current.env, patch?.env), headers: mergeRecord(current.headers, patch?.headers) }
}

/** Which kind of secret a transport uses; the other kind would be silently ignored when connecting. */
export function secretKindFor(transport: McpTransport): keyof StoredSecrets {
  return transport === 'stdio' ? 'env' : 'headers'
}

/** Keeps only the secrets `transport` uses (after a change of transport the others mean nothing). */
export function secretsForTransport(secrets: StoredSecrets, transport: McpTransport): StoredSecrets {
  return secretKindFor(transport) === 'env' ? { env: secrets.env, headers: {} } : { env: {}, headers: secrets.headers }
}

/** Every string that must not appear in a message: whole values, and the credential of "Scheme credential" values. */
function secretFragments(secrets: StoredSecrets): string[] {
  const fragments = new Set<string>()
  for (const value of [...Object.values(secrets.env), ...Object.values(secrets.headers)]) {
    if (value === '') continue
    const credential = /^\S+\s+(\S+)$/.exec(value)?.[1]
    for (const fragment of credential ? [value, credential] : [value]) {
      fragments.add(fragment)
      // Servers and libraries may echo a value URL-encoded.
      fragments.add(encodeURIComponent(fragment))
    }
  }
  // Longest first, so a value is never half-replaced by a shorter one it contains.
  return [...fragments].sort((a, b) => b.length - a.length)
}

/**
 * `message` with every secret value replaced by "[redacted]", and the query string of `url`
 * (which may carry a token) cut down to "?[redacted]".
 */
export function redactSecrets(message: string, secrets: StoredSecrets, url?: string): string {
  let redacted = message
  for (const fragment of secretFragments(secrets)) redacted = redacted.split(fragment).join(REDACTED)
  if (url && URL.canParse(url)) {
    const search = new URL(url).search
    if (search.length > 1) redacted = redacted.split(search).join(`?${REDACTED}`)
  }
  return redacted
}
