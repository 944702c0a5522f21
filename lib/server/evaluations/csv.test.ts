import { describe, expect, it } from 'vitest'
import { CsvError, formatCsv, parseCsv } from './csv'

describe('CSV', () => {
  it('reads quoted fields with commas, quotes and line breaks, CRLF or LF, and a BOM', () => {
    expect(parseCsv('\ufeffinput,expected\r\n"a, b","say ""hi""\nthere"\nplain,\n')).toEqual([
      ['input', 'expected'],
      ['a, b', 'say "hi"\nthere'],
      ['plain', ''],
    ])
  })

  it('writes what it reads back', () => {
    const records = [
      ['input', 'expected', 'notes'],
      ['{"a":1}', 'x,y', 'line\r\nbreak "quoted"'],
      ['', '', ''],
    ]
    expect(parseCsv(formatCsv(records))).toEqual(records)
  })

  it('refuses a stray quote and an unclosed quoted field, naming the line', () => {
    expect(() => parseCsv('a,b\nx"y,z')).toThrow(CsvError)
    expect(() => parseCsv('a\n"open')).toThrow(/Line 2/)
  })
})
