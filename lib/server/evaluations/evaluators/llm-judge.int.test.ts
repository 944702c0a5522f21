/** The judge through the real `openai` package against a loopback OpenAI-compatible server: what is sent, what is read. */
import { describe, expect, it } from 'vitest'
import { OpenAIChatCompletionClient } from '@/lib/core'
import { useLoopbackOpenAIServer, type LoopbackOpenAIServer } from '@/lib/core/testing'
import { evaluateLlmJudge } from './llm-judge'
import { sampleOf, specOf } from './sample-fixture'

let server: LoopbackOpenAIServer
useLoopbackOpenAIServer((started) => (server = started))

const spec = specOf({
  kind: 'llm_judge',
  rubric: 'Polite and names a refund.',
  scale: { min: 1, max: 5 },
  model: { provider: 'openai_chat', model: 'judge-model' },
})

describe('the LLM judge on an OpenAI-compatible server', () => {
  it('sends the rubric prompt at temperature 0 to the chosen model and reads the score and reason', async () => {
    server.enqueue({ text: 'Here you go: {"score": 4, "reason": "Polite; the refund is named."}' })
    const client = new OpenAIChatCompletionClient({ baseURL: server.baseURL, apiKey: 'test-key' })
    const result = await evaluateLlmJudge(sampleOf({ input: 'I want my money back', output: 'Sorry! A refund is on its way.' }), spec, client)
    expect(result).toEqual({ score: 0.75, passed: true, reason: '4/5: Polite; the refund is named.' })
    const [request] = server.requests
    expect(request.endpoint).toBe('chat_completions')
    expect(request.body.model).toBe('judge-model')
    expect(request.body.temperature).toBe(0)
    const text = JSON.stringify(request.body.messages)
    expect(text).toContain('<rubric>Polite and names a refund.</rubric>')
    expect(text).toContain('<output>Sorry! A refund is on its way.</output>')
  })

  it('fails the row, not the experiment, when the model answers an error', async () => {
    server.enqueueErrors(400, 1, { message: 'model not found' })
    const client = new OpenAIChatCompletionClient({ baseURL: server.baseURL, apiKey: 'test-key', maxRetries: 0 })
    const { evaluate } = await import('./evaluate')
    const result = await evaluate(sampleOf({ output: 'x' }), spec, { judgeClient: () => client })
    expect(result.passed).toBe(false)
    expect(result.reason).toContain('The evaluator failed')
  })
})
