/**
 * Whether Next runs proxy.ts for a path: each source of its `config.matcher` turned into a regular expression by
 * the function Next's build uses for it (tryToParsePath, over path-to-regexp), so a test takes a request the way
 * `next start` does — the API below Next (raw-request-guard.ts), pages through the proxy. (The build also accepts
 * the `_next/data` prefix and the `.rsc` suffixes around a source, which no test request carries.)
 */
import { createRequire } from 'node:module'

type ParsePath = (source: string) => { regexStr?: string; error?: unknown }

// Exported by Next's code, though not in its type declarations. Not Next's whole build analysis module, which loads
// server code that needs the AsyncLocalStorage Next's own server sets up.
const { tryToParsePath } = createRequire(import.meta.url)('next/dist/lib/try-to-parse-path.js') as { tryToParsePath: ParsePath }

export function proxyMatcher(matcher: string | readonly string[]): (pathname: string) => boolean {
  const compiled = [matcher].flat().map((source) => {
    const { regexStr, error } = tryToParsePath(source)
    if (!regexStr) throw new Error(`proxy.ts's matcher ${source} does not parse: ${String(error)}`)
    return new RegExp(regexStr)
  })
  return (pathname) => compiled.some((regexp) => regexp.test(pathname))
}
