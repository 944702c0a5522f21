import { describe, expect, it } from 'vitest'
import { DemoChatClient } from '@/lib/core'
import { modelResponse, ScriptedChatClient } from '@/lib/core/testing'
import { judgePrompt, evaluateLlmJudge, parseJudgement } from './llm-judge'
import { refused, sampleOf, specOf } from './sample-fixture'

const spec = specOf({ kind: 'llm_judge', rubric: 'Names the capital of France.', model: { provider: 'demo' } })

describe('llm_judge', () => {
  it('passes a good answer on the demo model (offline, deterministic), normalising the score', async () => {
    const result = await evaluateLlmJudge(sampleOf({ output: 'It is Paris.', expected: 'Paris' }), spec, new DemoChatClient())
    expect(result).toMatchObject({ score: 1, passed: true })
    expect(result.reason).toMatch(/^5\/5: /)
  })

  it('fails a poor answer', async () => {
    expect(await evaluateLlmJudge(sampleOf({ output: 'Lyon', expected: 'Paris' }), spec, new DemoChatClient())).toMatchObject({ score: 0, passed: false })
  })

  it('reads a judge’s reply leniently and fails a reply without a score or off the scale', async () => {
    expect(parseJudgement('Sure! {"score": "4", "reason": "close"} hope that helps')).toEqual({ score: 4, reason: 'close' })
    expect(parseJudgement('Score: 3 — fine')?.score).toBe(3)
    expect(parseJudgement('I cannot grade this')).toBeUndefined()
    const client = new ScriptedChatClient([modelResponse('no idea'), modelResponse('{"score": 9, "reason": "great"}')])
    expect((await evaluateLlmJudge(sampleOf({ output: 'x' }), spec, client)).reason).toContain('no score')
    expect((await evaluateLlmJudge(sampleOf({ output: 'x' }), spec, client)).reason).toContain('off the scale')
  })

  it('shows the judge the rubric, the scale, the input, the expected answer and the output', () => {
    const prompt = judgePrompt(sampleOf({ input: 'Capital of France?', output: 'Paris', expected: 'Paris' }), spec)
    for (const part of [
      '<scale min="1" max="5"/>',
      '<rubric>Names the capital of France.</rubric>',
      '<input>Capital of France?</input>',
      '<expected>Paris</expected>',
      '<output>Paris</output>',
    ]) {
      expect(prompt).toContain(part)
    }
  })

  it('refuses a bad spec', () => {
    expect(refused({ kind: 'llm_judge', rubric: '' })).toBe(true)
    expect(refused({ kind: 'llm_judge', rubric: 'x', scale: { min: 5, max: 5 } })).toBe(true)
    expect(refused({ kind: 'llm_judge', rubric: 'x', model: { provider: 'cohere' } })).toBe(true)
  })
})
