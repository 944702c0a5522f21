import { describe, expect, it } from 'vitest'
import { FileAccessOperationError } from '../errors'
import { replaceLines, replaceText, splitLinesKeepingEndings } from './text-edits'

describe('replaceText', () => {
  it('replaces a unique occurrence', () => {
    expect(replaceText('Hello world', 'world', 'there', false)).toEqual({ content: 'Hello there', count: 1 })
  })
  it('needs replace_all for several occurrences', () => {
    expect(() => replaceText('a a a', 'a', 'b', false)).toThrow(
      'old_string occurs 3 times; add surrounding text to make it unique, or set replace_all to true.',
    )
    expect(replaceText('a a a', 'a', 'b', true)).toEqual({ content: 'b b b', count: 3 })
  })
  it('rejects a missing or empty old_string', () => {
    expect(() => replaceText('abc', 'z', 'y', false)).toThrow('old_string was not found in the file.')
    expect(() => replaceText('abc', '', 'y', true)).toThrow(FileAccessOperationError)
  })
  it('inserts $-patterns literally', () => {
    expect(replaceText('price', 'price', '$& $1 $$', false).content).toBe('$& $1 $$')
  })
})

describe('replaceLines', () => {
  it('splits lines keeping their endings', () => {
    expect(splitLinesKeepingEndings('a\nb')).toEqual(['a\n', 'b'])
    expect(splitLinesKeepingEndings('a\r\nb\n')).toEqual(['a\r\n', 'b\n'])
    expect(splitLinesKeepingEndings('')).toEqual([])
  })

  it('replaces lines, keeping each line’s own ending unless the new text brings one', () => {
    expect(replaceLines('line1\nline2\nline3', [{ lineNumber: 2, newLine: 'CHANGED\n' }])).toBe('line1\nCHANGED\nline3')
    expect(replaceLines('line1\nline2\nline3', [{ lineNumber: 2, newLine: 'CHANGED' }])).toBe('line1\nCHANGED\nline3')
    expect(replaceLines('alpha\r\nbeta\r\ngamma\n', [{ lineNumber: 2, newLine: 'BETA\r\n', expectedLine: 'beta' }])).toBe('alpha\r\nBETA\r\ngamma\n')
    expect(
      replaceLines('a\nb', [
        { lineNumber: 2, newLine: 'B' },
        { lineNumber: 1, newLine: 'A' },
      ]),
    ).toBe('A\nB')
  })

  it('checks every edit before applying any', () => {
    expect(() =>
      replaceLines('line1\nline2', [
        { lineNumber: 1, newLine: 'x' },
        { lineNumber: 5, newLine: 'X' },
      ]),
    ).toThrow('Line 5 is out of range: the file has 2 line(s).')
    expect(() => replaceLines('a\nb', [{ lineNumber: 0, newLine: 'x' }])).toThrow(/out of range/)
    expect(() => replaceLines('a\nb', [{ lineNumber: 1.5, newLine: 'x' }])).toThrow(/out of range/)
    expect(() =>
      replaceLines('a\nb', [
        { lineNumber: 1, newLine: 'x' },
        { lineNumber: 1, newLine: 'y' },
      ]),
    ).toThrow('Line 1 is edited more than once.')
    expect(() => replaceLines('a\nb', [{ lineNumber: 2, newLine: 'x', expectedLine: 'c' }])).toThrow(
      'Line 2 does not match expected_line: it is "b". Read the file again before editing.',
    )
    expect(() => replaceLines('a', [])).toThrow('edits must contain at least one edit.')
  })
})
