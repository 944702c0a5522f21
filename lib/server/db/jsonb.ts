/**
 * Postgres' jsonb cannot hold the NUL character (U+0000) or a lone surrogate anywhere, nor can its text columns hold
 * NUL, and a tool or an MCP server can easily produce either. Values stored as jsonb for display (events, approval
 * payloads) and outside text stored in text columns (a run's error) pass through here: NUL becomes U+FFFD, and the
 * value is plain JSON (no classes, no undefined).
 */
export function jsonbSafe<T>(value: T): T {
  return JSON.parse(jsonbSafeText(value)) as T
}

/** The same value as JSON text, for a caller that stores the text (one serialisation instead of two). */
export function jsonbSafeText(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) => {
    // A lone surrogate half (a cut emoji) is as unstorable as NUL; both become U+FFFD.
    if (typeof inner === 'string') return inner.includes('\u0000') ? inner.toWellFormed().replaceAll('\u0000', '\uFFFD') : inner.toWellFormed()
    if (inner instanceof Error) return { name: inner.name, message: inner.message }
    return inner
  })
}

/** Outside text for a text column (a failure message quoting what a tool said): NUL and lone surrogates become U+FFFD. */
export function storableText(text: string): string {
  return text.toWellFormed().replaceAll('\u0000', '\uFFFD')
}
