/**
 * A saved agent's own API key for its model's server: write-only. It is sealed in the Agent row's
 * `apiKey` column (lib/server/secrets), views say only `hasApiKey`, the run path opens it for the
 * agent's client, and the redactor cuts it out of outside text like every other secret.
 */
import { isSealed, type SecretBox } from '../secrets/secret-box'

export function sealAgentApiKey(box: SecretBox, apiKey: string): string {
  return box.seal({ apiKey })
}

/** The key in an Agent row's `apiKey` column; undefined when it has none. Throws SecretBoxError when it cannot be read. */
export function openAgentApiKey(box: SecretBox, column: string | null): string | undefined {
  if (column === null || !isSealed(column)) return undefined
  const opened = box.open(column) as { apiKey?: unknown } | null
  return typeof opened?.apiKey === 'string' && opened.apiKey !== '' ? opened.apiKey : undefined
}
