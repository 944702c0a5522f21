/**
 * A workspace credential's key at rest (issue #32): sealed as `{ apiKey }` in the row's `secret` column, opened only
 * by the run path (run-credentials.ts), the model list and the redactors. Never in a view.
 */
import type { SecretBox } from '../secrets/secret-box'

export function sealCredentialKey(box: SecretBox, apiKey: string): string {
  return box.seal({ apiKey })
}

/** The key in a ProviderCredential row; undefined when it holds none. Throws SecretBoxError when it cannot be read. */
export function openCredentialKey(box: SecretBox, sealed: string): string | undefined {
  const opened = box.open(sealed) as { apiKey?: unknown } | null
  return typeof opened?.apiKey === 'string' && opened.apiKey !== '' ? opened.apiKey : undefined
}

/** What owners and editors see of a key, to tell two apart: its last 4 characters (none of a key too short to hide the rest). */
export function keyHintOf(apiKey: string): string {
  return apiKey.length >= 12 ? apiKey.slice(-4) : ''
}
