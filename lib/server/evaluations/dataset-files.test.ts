import { describe, expect, it } from 'vitest'
import type { DatasetRow } from '@/lib/contracts/datasets'
import { exportRows, importRows } from './dataset-files'
import { parseCsv } from './csv'

const row = (id: string, input: DatasetRow['input'], expected?: DatasetRow['expected'], notes?: string): DatasetRow =>
  ({ id, input, ...(expected === undefined ? {} : { expected }), ...(notes === undefined ? {} : { notes }) }) as DatasetRow

describe('dataset CSV files', () => {
  const formulas = ['=HYPERLINK("http://evil.example","click")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR']

  it('writes no cell a spreadsheet would run as a formula', () => {
    const csv = exportRows(
      formulas.map((text, index) => row(`r${index}`, text, text, text)),
      'csv',
    )
    for (const record of parseCsv(csv).slice(1)) {
      for (const cell of record.slice(1)) expect(cell).toMatch(/^'/)
    }
  })

  it('reads back what it wrote, formulas, quotes before them and plain text alike', () => {
    const texts = [...formulas, "'=already quoted", "''+twice", "it's plain", 'plain', '']
    const rows = texts.map((text, index) => row(`r${index}`, text || 'x', text || undefined, text || undefined))
    const imported = importRows(exportRows(rows, 'csv'), 'csv')
    expect(imported).toEqual(rows.map(({ id, input, expected, notes }) => ({ id, input, ...(expected ? { expected } : {}), ...(notes ? { notes } : {}) })))
  })

  it('leaves JSON values and JSONL alone', () => {
    const rows = [row('a', { topic: '=x' }, { score: -1 })]
    expect(importRows(exportRows(rows, 'csv'), 'csv')).toEqual(rows)
    expect(exportRows([row('b', '=x')], 'jsonl')).toBe('{"id":"b","input":"=x"}\n')
  })
})
