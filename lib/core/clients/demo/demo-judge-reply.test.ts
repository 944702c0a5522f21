import { describe, expect, it } from 'vitest'
import { Message } from '../../types'
import { DemoChatClient } from './demo-chat-client'
import { demoJudgement } from './demo-judge-reply'

const prompt = (output: string, expected?: string) =>
  [
    '<judge-request>',
    '<scale min="1" max="5"/>',
    '<rubric>Names the capital.</rubric>',
    ...(expected === undefined ? [] : [`<expected>${expected}</expected>`]),
    `<output>${output}</output>`,
    '</judge-request>',
  ].join('\n')

describe('the demo model as a judge', () => {
  it('grades by the share of the expected answer’s words in the output, on the scale', () => {
    expect(demoJudgement(prompt('The capital is Paris, France.', 'Paris France'))?.score).toBe(5)
    expect(demoJudgement(prompt('Paris', 'Paris France'))?.score).toBe(3)
    expect(demoJudgement(prompt('Lyon', 'Paris France'))?.score).toBe(1)
  })

  it('without an expected answer: the top for an output, the bottom for none', () => {
    expect(demoJudgement(prompt('anything'))?.score).toBe(5)
    expect(demoJudgement(prompt('  '))?.score).toBe(1)
  })

  it('is not a judge for other text', () => {
    expect(demoJudgement('hello <output>x</output>')).toBeUndefined()
  })

  it('answers a judge prompt with the JSON a judge gives, the same every time', async () => {
    const client = new DemoChatClient()
    const ask = async () => (await client.getResponse([new Message({ role: 'user', text: prompt('Paris', 'Paris') })])).text
    const reply = await ask()
    expect(JSON.parse(reply)).toEqual({ score: 5, reason: expect.stringContaining('1 of') })
    expect(await ask()).toBe(reply)
  })
})
