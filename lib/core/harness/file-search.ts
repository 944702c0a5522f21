/**
 * Search helpers shared by the stores: case-insensitive globs over store paths and a line-by-line
 * regular-expression scan of a file's text.
 *
 * The search pattern and the glob come from the model, so both run on RE2 (re2js), whose matching
 * takes time linear in the text: a pattern like `(a+)+$` cannot stall the process by backtracking, as
 * it could with RegExp, nor can a glob of many stars (`*a*a*a*a*a*a*b` becomes `[^/]*a[^/]*a…`, which a
 * backtracking engine tries in polynomially many ways against a long name). RE2 has no lookarounds
 * or backreferences; such a search pattern is refused with a message.
 */
import { RE2JS } from 're2js'
import { FileAccessOperationError } from '../errors'
import type { FileSearchMatch, FileSearchResult } from './agent-file-store'

/** Characters of context either side of the first match in a result's snippet. */
export const SEARCH_SNIPPET_RADIUS = 50

const REGEX_SPECIALS = /[.*+?^${}()|[\]\\/]/g

/** A compiled glob: `matches(path)` is true when the glob matches the whole path. */
export type GlobPattern = RE2JS

/**
 * A glob as a case-insensitive RE2 pattern over forward-slash paths: `*` and `?` stay within a segment,
 * `**` crosses segments (`**\/` also matches no directory at all), `[abc]` / `[!abc]` are classes.
 */
export function compileGlob(pattern: string): GlobPattern {
  let source = ''
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]
    if (char === '*') {
      if (pattern[i + 1] === '*') {
        const slashFollows = pattern[i + 2] === '/'
        source += slashFollows ? '(?:.*/)?' : '.*'
        i += slashFollows ? 2 : 1
      } else {
        source += '[^/]*'
      }
    } else if (char === '?') {
      source += '[^/]'
    } else if (char === '[') {
      const end = pattern.indexOf(']', i + 2)
      if (end === -1) {
        source += '\\['
        continue
      }
      let body = pattern.slice(i + 1, end)
      const negated = body.startsWith('!') || body.startsWith('^')
      if (negated) body = body.slice(1)
      source += `[${negated ? '^' : ''}${body.replace(/[\\\]^]/g, '\\$&')}]`
      i = end
    } else {
      source += char.replace(REGEX_SPECIALS, '\\$&')
    }
  }
  return RE2JS.compile(source, RE2JS.CASE_INSENSITIVE)
}

/** A matcher for an optional glob; blank or missing patterns match everything. Patterns without '/' match the base name. */
export function globMatcher(pattern: string | undefined | null): (relativePath: string) => boolean {
  if (pattern === undefined || pattern === null || pattern.trim() === '') return () => true
  const glob = compileGlob(pattern.trim())
  const matchesBaseName = !pattern.includes('/')
  return (relativePath) => glob.matches(matchesBaseName ? relativePath.slice(relativePath.lastIndexOf('/') + 1) : relativePath)
}

/** A compiled, case-insensitive search pattern (RE2). */
export type SearchPattern = RE2JS

/** Compiles a model-supplied pattern (case-insensitive); a bad pattern is the caller's error. */
export function compileSearchPattern(regexPattern: string): SearchPattern {
  if (typeof regexPattern !== 'string' || regexPattern === '') {
    throw new FileAccessOperationError('A search needs a non-empty regular expression.')
  }
  try {
    return RE2JS.compile(regexPattern, RE2JS.CASE_INSENSITIVE)
  } catch (error) {
    throw new FileAccessOperationError(
      `Invalid regular expression ${JSON.stringify(regexPattern)}: ${(error as Error).message} (searches use RE2 syntax, without lookarounds or backreferences).`,
    )
  }
}

/** Matching lines (split on '\n', '\r' trimmed from reported lines) and a snippet around the first match. */
export function searchFileContent(fileName: string, content: string, pattern: SearchPattern): FileSearchResult | null {
  const lines = content.split('\n')
  const matchingLines: FileSearchMatch[] = []
  let snippet: string | undefined
  let lineStart = 0
  lines.forEach((line, index) => {
    const matcher = pattern.matcher(line)
    if (matcher.find()) {
      matchingLines.push({ lineNumber: index + 1, line: line.endsWith('\r') ? line.slice(0, -1) : line })
      if (snippet === undefined) {
        const at = lineStart + matcher.start()
        const end = lineStart + matcher.end()
        snippet = content.slice(Math.max(0, at - SEARCH_SNIPPET_RADIUS), Math.min(content.length, end + SEARCH_SNIPPET_RADIUS))
      }
    }
    lineStart += line.length + 1
  })
  if (matchingLines.length === 0) return null
  return { fileName, snippet: snippet ?? '', matchingLines }
}
