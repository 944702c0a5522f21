/**
 * Postgres' jsonb cannot hold the NUL character (U+0000) anywhere, and a tool or an MCP server
 * can easily produce one. Values stored as jsonb for display (events, approval payloads) pass
 * through here: NUL becomes U+FFFD, and the value is plain JSON (no classes, no undefined).
 */
export function jsonbSafe<T>(value: T): T {
  const text = JSON.stringify(value ?? null, (_key, inner: unknown) => {
    if (typeof inner === 'string' && inner.includes('\u0000')) return inner.replaceAll('\u0000', '\uFFFD')
    if (inner instanceof Error) return { name: inner.name, message: inner.message }
    return inner
  })
  return JSON.parse(text) as T
}
