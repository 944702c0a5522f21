import { describe, expect, it } from 'vitest'
import { FileAccessPathError } from '../errors'
import { normalizeRelativePath } from './path-rules'

function rejection(path: string, options?: { isDirectory?: boolean }): string {
  try {
    normalizeRelativePath(path, options)
  } catch (error) {
    expect(error).toBeInstanceOf(FileAccessPathError)
    return (error as Error).message
  }
  throw new Error(`expected ${JSON.stringify(path)} to be rejected`)
}

describe('normalizeRelativePath', () => {
  it('normalises separators and drops empty segments', () => {
    expect(normalizeRelativePath('a/b/c.txt')).toBe('a/b/c.txt')
    expect(normalizeRelativePath('a\\b\\c.txt')).toBe('a/b/c.txt')
    expect(normalizeRelativePath('a//b///c.txt/')).toBe('a/b/c.txt')
  })

  it('keeps names that only look like dots', () => {
    expect(normalizeRelativePath('notes..md')).toBe('notes..md')
    expect(normalizeRelativePath('...')).toBe('...')
    expect(normalizeRelativePath('.env')).toBe('.env')
    expect(normalizeRelativePath('a/..b/c..')).toBe('a/..b/c..')
  })

  it('allows an empty directory (the root) but not an empty file path', () => {
    expect(normalizeRelativePath('', { isDirectory: true })).toBe('')
    expect(normalizeRelativePath('  ', { isDirectory: true })).toBe('')
    expect(rejection('')).toBe('A file path must not be empty or whitespace-only.')
    expect(rejection(' \t ')).toBe('A file path must not be empty or whitespace-only.')
    expect(rejection('//')).toBe("Invalid path: \"//\". Paths must be relative and must not start with '/', '\\', or a drive root.")
    expect(normalizeRelativePath('a/', { isDirectory: true })).toBe('a')
  })

  it('rejects absolute paths, UNC paths and drive letters', () => {
    const absolute = (p: string) => `Invalid path: ${JSON.stringify(p)}. Paths must be relative and must not start with '/', '\\', or a drive root.`
    for (const path of ['/etc/passwd', '\\windows\\system32', '\\\\server\\share', 'C:', 'c:\\temp', 'C:/temp', 'z:relative', 'Ｃ：/x', '／etc']) {
      expect(rejection(path)).toBe(absolute(path))
    }
    expect(normalizeRelativePath('a/c:/b')).toBe('a/c:/b')
  })

  it("rejects '.' and '..' segments, however they are spelled", () => {
    const dots = (p: string) => `Invalid path: ${JSON.stringify(p)}. Paths must not contain '.' or '..' segments.`
    for (const path of ['..', '../x', 'a/../../x', 'a/..', './a', 'a/./b', '..\\x', 'a\\..\\..\\x', '．．/x', '‥/x', 'a/．/b', 'a/x∕..', 'a/﹒﹒/b']) {
      expect(rejection(path)).toBe(dots(path))
    }
  })

  it('rejects NUL and other control characters', () => {
    for (const path of ['a\u0000b', 'a\nb', '\u0007', 'x\u007f']) {
      expect(rejection(path)).toBe(`Invalid path: ${JSON.stringify(path)}. Paths must not contain NUL or other control characters.`)
    }
  })

  it('rejects non-strings', () => {
    expect(rejection(undefined as unknown as string)).toBe('Invalid path: a path must be a string.')
  })
})
