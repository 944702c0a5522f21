/**
 * An MCP server's secrets — environment values (stdio), headers (http, websocket) and the secret
 * parts of its URL — are write-only: they are merged from patches, shown only as key names (and
 * `[secret]` in the URL), stored encrypted (one sealed value in the row's `secrets` column), and
 * cut out of any message that might reach a person.
 */
import { z } from 'zod'
import { SecretRedactor } from '../secrets/redaction'
import { isSealed, type SecretBox } from '../secrets/secret-box'
import { NO_URL_SECRETS, splitUrlSecrets, urlSecretValues, type UrlSecrets } from '../secrets/url-secrets'
import type { McpTransport, SecretKeys, SecretsPatch } from '@/lib/contracts/mcp-servers'

export interface StoredSecrets {
  env: Record<string, string>
  headers: Record<string, string>
}

/** Everything secret about a server, as sealed in its row. */
export interface ServerSecrets extends StoredSecrets {
  url: UrlSecrets
}

export const REDACTED = '[redacted]'

const secretRecord = z.record(z.string(), z.string()).default({})
/** Rows written before encryption hold `{ env, headers }` in plain text; they are read as they are. */
const plainSecretsColumn = z.object({ env: secretRecord, headers: secretRecord })
const openedSecrets = z.object({
  env: secretRecord,
  headers: secretRecord,
  url: z.object({ query: z.array(z.tuple([z.string(), z.string()])).default([]), password: z.string().optional() }).default({ query: [] }),
})

export class ServerSecretsUnreadableError extends Error {
  readonly code = 'mcp_server_secrets_unreadable'
}

/**
 * What the `secrets` column holds once written by this version: `{ sealed: "v1:…", keys }` — the
 * values sealed, and beside them the key names, which are shown anyway (so listing needs no key).
 */
export function sealServerSecrets(box: SecretBox, secrets: ServerSecrets): { sealed: string; keys: { env: string[]; headers: string[] } } {
  const url: UrlSecrets = secrets.url.password === undefined ? { query: secrets.url.query } : secrets.url
  return { sealed: box.seal({ env: secrets.env, headers: secrets.headers, url }), keys: secretKeysOf(secrets) }
}

/** The columns of an http/websocket server given its full URL and headers: the URL's secret parts sealed with the headers. */
export function sealedUrlServerColumns(box: SecretBox, url: string, headers: Record<string, string>) {
  const split = splitUrlSecrets(url)
  return { config: { url: split.url }, secrets: sealServerSecrets(box, { env: {}, headers, url: split.secrets }) }
}

const keysColumn = z.object({ keys: z.object({ env: z.array(z.string()), headers: z.array(z.string()) }) })

/** The key names of a row's secrets, without opening them. */
export function secretKeysOfColumn(column: unknown): SecretKeys {
  if (isPlainSecretsColumn(column)) {
    const plain = plainSecretsColumn.safeParse(column ?? {})
    return plain.success ? secretKeysOf(plain.data) : { env: [], headers: [] }
  }
  const keys = keysColumn.safeParse(column)
  return keys.success ? keys.data.keys : { env: [], headers: [] }
}

/** Whether the column holds plain-text secrets from before encryption. */
export function isPlainSecretsColumn(column: unknown): boolean {
  return !isSealed((column as { sealed?: unknown } | null)?.sealed)
}

/** The secrets in a row's `secrets` column, sealed or (from before encryption) plain. */
export function openServerSecrets(box: SecretBox, column: unknown): ServerSecrets {
  const sealed = (column as { sealed?: unknown } | null)?.sealed
  if (isSealed(sealed)) {
    const parsed = openedSecrets.safeParse(box.open(sealed))
    if (!parsed.success) throw new ServerSecretsUnreadableError('The stored MCP server secrets have an unexpected shape.')
    return parsed.data
  }
  const plain = plainSecretsColumn.safeParse(column ?? {})
  if (!plain.success) throw new ServerSecretsUnreadableError('The stored MCP server secrets have an unexpected shape.')
  return { ...plain.data, url: NO_URL_SECRETS }
}

/** Every value that must not be shown: env and header values, the credential of "Scheme credential" headers, URL parts. */
export function serverSecretValues(secrets: ServerSecrets): string[] {
  const values: string[] = []
  for (const value of [...Object.values(secrets.env), ...Object.values(secrets.headers)]) {
    if (value === '') continue
    values.push(value)
    const credential = /^\S+\s+(\S+)$/.exec(value)?.[1]
    if (credential) values.push(credential)
  }
  return [...values, ...urlSecretValues(secrets.url)]
}

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

/**
 * `message` with every secret value of one server cut out (see SecretRedactor: parts and encoded
 * forms too), and the query string of `url` (which may carry a token) cut down to "?[redacted]".
 */
export function redactSecrets(message: string, secrets: StoredSecrets & { url?: UrlSecrets }, url?: string): string {
  const fromUrl = url ? urlSecretValues(splitUrlSecrets(url).secrets) : []
  let redacted = new SecretRedactor([...serverSecretValues({ url: NO_URL_SECRETS, ...secrets }), ...fromUrl]).redact(message)
  if (url && URL.canParse(url)) {
    const search = new URL(url).search
    if (search.length > 1) redacted = redacted.split(search).join(`?${REDACTED}`)
  }
  return redacted
}
