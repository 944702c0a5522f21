import { describe, expect, it } from 'vitest'
import { joinToolCalls, sampleOf, tokensOf } from './experiment-samples'

describe('a run as a sample', () => {
  it('joins streamed tool-call pieces per call and reads their arguments once whole', () => {
    expect(
      joinToolCalls([
        { callId: 'c1', name: 'calculate', arguments: '{"expression":"' },
        { callId: 'c2', name: 'search', arguments: { query: 'x' } },
        { callId: 'c1', name: '', arguments: '6 * 7"}' },
        { callId: 'c3', name: 'broken', arguments: '{"a":' },
      ]),
    ).toEqual([
      { name: 'calculate', arguments: { expression: '6 * 7' } },
      { name: 'search', arguments: { query: 'x' } },
      { name: 'broken', arguments: '{"a":' },
    ])
  })

  it('takes one output as it is, several as a list, and tokens from the usage', () => {
    const run = { status: 'succeeded', usage: { inputTokenCount: 3, outputTokenCount: 4 }, latencyMs: 12, toolCalls: [] }
    expect(sampleOf({ input: 'q', expected: 'a' }, { ...run, outputs: ['a'] })).toEqual({
      input: 'q',
      expected: 'a',
      output: 'a',
      metrics: { tokens: 7, latencyMs: 12 },
      toolCalls: [],
    })
    expect(sampleOf({ input: 'q' }, { ...run, outputs: ['a', 'b'] }).output).toEqual(['a', 'b'])
    expect(tokensOf({ totalTokenCount: 9, inputTokenCount: 1 })).toBe(9)
    expect(tokensOf(null)).toBe(0)
  })
})
