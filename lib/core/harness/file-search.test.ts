import { describe, expect, it } from 'vitest'
import { FileAccessOperationError } from '../errors'
import { compileGlob, compileSearchPattern, globMatcher, searchFileContent } from './file-search'

describe('compileGlob', () => {
  it.each([
    ['*.md', 'notes.md', true],
    ['*.md', 'dir/notes.md', false],
    ['*.MD', 'notes.md', true],
    ['**/*.md', 'notes.md', true],
    ['**/*.md', 'a/b/notes.md', true],
    ['reports/**', 'reports/2024/q1.md', true],
    ['reports/**', 'other/q1.md', false],
    ['q?.md', 'q1.md', true],
    ['q?.md', 'q10.md', false],
    ['[ab].txt', 'a.txt', true],
    ['[!ab].txt', 'a.txt', false],
    ['[!ab].txt', 'c.txt', true],
    ['file(1).txt', 'file(1).txt', true],
    ['a+b.txt', 'aab.txt', false],
    ['[unclosed', '[unclosed', true],
  ])('%s against %s → %s', (pattern, path, expected) => {
    expect(compileGlob(pattern).matches(path)).toBe(expected)
  })

  it('matches a glob of many stars against a long name in linear time (RE2), where a backtracking RegExp would not return', () => {
    // As a RegExp, [^/]*a[^/]*a… against 5,000 a's and no b tries about n^12 ways; RE2 answers at once.
    const glob = compileGlob(`${'*a'.repeat(12)}*b`)
    expect(glob.matches('a'.repeat(5_000))).toBe(false)
    expect(glob.matches(`${'a'.repeat(5_000)}b`)).toBe(true)
  })
})

describe('globMatcher', () => {
  it('matches everything when blank and base names when the glob has no slash', () => {
    expect(globMatcher(undefined)('x/y')).toBe(true)
    expect(globMatcher('  ')('x/y')).toBe(true)
    expect(globMatcher('*.md')('deep/dir/a.md')).toBe(true)
    expect(globMatcher('dir/*.md')('deep/dir/a.md')).toBe(false)
  })
})

describe('searchFileContent', () => {
  it('reports 1-based matching lines without line endings and a snippet around the first match', () => {
    const content = `${'x'.repeat(80)}\nthe Needle here\r\nno\nneedle again`
    const result = searchFileContent('f.txt', content, compileSearchPattern('needle'))!
    expect(result.fileName).toBe('f.txt')
    expect(result.matchingLines).toEqual([
      { lineNumber: 2, line: 'the Needle here' },
      { lineNumber: 4, line: 'needle again' },
    ])
    const at = content.indexOf('Needle')
    expect(result.snippet).toBe(content.slice(at - 50, at + 6 + 50))
  })

  it('returns null without a match', () => {
    expect(searchFileContent('f', 'abc', compileSearchPattern('z'))).toBeNull()
  })

  it('rejects empty and invalid patterns', () => {
    expect(() => compileSearchPattern('')).toThrow(FileAccessOperationError)
    expect(() => compileSearchPattern('(')).toThrow(/Invalid regular expression "\("/)
    // RE2 has no lookarounds or backreferences; the message says so.
    expect(() => compileSearchPattern('(?<=a)b')).toThrow('(searches use RE2 syntax, without lookarounds or backreferences)')
    expect(() => compileSearchPattern('(a)\\1')).toThrow(FileAccessOperationError)
  })

  it('matches in linear time, so a pattern built to backtrack cannot stall the process', () => {
    // With RegExp, (a+)+$ against 5,000 "a"s and a "!" would backtrack for longer than the test could ever wait.
    const content = `${'a'.repeat(5_000)}!\nclean line`
    expect(searchFileContent('evil.txt', content, compileSearchPattern('(a+)+$'))).toBeNull()
    expect(searchFileContent('evil.txt', content, compileSearchPattern('(a|aa)+!'))?.matchingLines.map((m) => m.lineNumber)).toEqual([1])
  })

  it('takes RE2 syntax and reports positions in the text as JavaScript counts them', () => {
    const content = 'h😀llo\nsee WÖRLD 42 here'
    const result = searchFileContent('u.txt', content, compileSearchPattern('w\\S+ \\d{2}'))!
    expect(result.matchingLines).toEqual([{ lineNumber: 2, line: 'see WÖRLD 42 here' }])
    expect(result.snippet).toBe(content)
    expect(searchFileContent('u.txt', 'Alpha\nbeta', compileSearchPattern('(?-i)alpha|beta'))?.matchingLines.map((m) => m.line)).toEqual(['beta'])
  })
})
