import { describe, expect, it } from 'vitest'
import { gridTemplate, minimumWidthRem, resultColumns } from './results-table-columns'

describe('resultColumns', () => {
  it('has one column per evaluator, between what came out and what it cost', () => {
    const headers = resultColumns(['contains', 'llm_judge'], false).map((column) => column.header)
    expect(headers).toEqual(['#', 'Input', 'Output', 'Expected', 'contains', 'llm_judge', 'Tokens', 'Latency', 'Cost', 'Run'])
  })

  it('shows the trial only when rows were run more than once', () => {
    expect(resultColumns([], true).map((column) => column.key)).toContain('trial')
    expect(resultColumns([], false).map((column) => column.key)).not.toContain('trial')
  })

  it('gives the header and the rows one track per column', () => {
    const columns = resultColumns(['a'], true)
    expect(gridTemplate(columns).split(/ (?![^(]*\))/)).toHaveLength(columns.length)
    expect(gridTemplate(resultColumns([], false))).toBe('3rem minmax(10rem, 1fr) minmax(12rem, 1.4fr) minmax(10rem, 1fr) 4.5rem 5rem 5.5rem 3rem')
  })

  it('is as wide as its columns at their narrowest', () => {
    expect(minimumWidthRem(resultColumns(['a', 'b'], false))).toBe(3 + 10 + 12 + 10 + 9 + 9 + 4.5 + 5 + 5.5 + 3)
  })
})
