import { describe, expect, it } from 'vitest'
import { compactJson, formatCount, formatDuration, formatElapsed, formatOffset, formatTaskStatus, formatTokenUsage, outputText } from './format'

describe('formatDuration', () => {
  it.each([
    [0, '0 ms'],
    [850, '850 ms'],
    [1_234, '1.23 s'],
    [12_340, '12.3 s'],
    [125_000, '2 m 05 s'],
    [3_720_000, '1 h 02 m'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('%d ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
})

describe('formatElapsed and formatOffset', () => {
  it('measures between timestamps or until now', () => {
    expect(formatElapsed('2026-01-01T10:00:00Z', '2026-01-01T10:00:02.500Z')).toBe('2.50 s')
    expect(formatElapsed('2026-01-01T10:00:00Z', null, Date.parse('2026-01-01T10:01:00Z'))).toBe('1 m 00 s')
    expect(formatElapsed(null, null)).toBe('—')
  })

  it('shows an event relative to the run start', () => {
    expect(formatOffset('2026-01-01T10:00:01.500Z', '2026-01-01T10:00:00Z')).toBe('+1.50 s')
    expect(formatOffset('2026-01-01T09:59:59.500Z', '2026-01-01T10:00:00Z')).toBe('−500 ms')
  })
})

describe('token usage and counts', () => {
  it('formats what the run reported', () => {
    expect(formatCount(1234567)).toBe('1,234,567')
    expect(formatTokenUsage({ inputTokenCount: 1204, outputTokenCount: 318, totalTokenCount: 1522 })).toBe('1,204 in · 318 out · 1,522 total')
    expect(formatTokenUsage({ totalTokenCount: 5 })).toBe('5 total')
    expect(formatTokenUsage({})).toBeNull()
    expect(formatTokenUsage(null)).toBeNull()
  })
})

describe('compactJson and outputText', () => {
  it('keeps JSON on one line and cuts it', () => {
    expect(compactJson({ a: 1, b: 'two' })).toBe('{"a":1,"b":"two"}')
    expect(compactJson('x'.repeat(10), 5)).toBe('xxxx…')
    expect(compactJson(undefined)).toBe('undefined')
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(compactJson(cyclic)).toBe('[object Object]')
  })

  it('reads outputs as text where it can', () => {
    expect(outputText('Hello')).toBe('Hello')
    expect(outputText({ text: 'From a message' })).toBe('From a message')
    expect(outputText({ answer: 42 })).toBe('{\n  "answer": 42\n}')
  })
})

describe('formatTaskStatus', () => {
  it('says the task, its status and the server’s message on one line', () => {
    expect(formatTaskStatus('research_search', 'working', '40% done')).toBe('Task research_search: working — 40% done')
    expect(formatTaskStatus('research_search', 'completed')).toBe('Task research_search: completed')
    expect(formatTaskStatus('slow_report', 'input_required', '  Which\n quarter? ')).toBe('Task slow_report: input required — Which quarter?')
    expect(formatTaskStatus('slow_report', 'working', '   ')).toBe('Task slow_report: working')
  })

  it('cuts a long message', () => {
    const line = formatTaskStatus('t', 'working', 'x'.repeat(500), 20)
    expect(line).toBe(`Task t: working — ${'x'.repeat(19)}…`)
  })
})
