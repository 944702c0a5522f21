import { describe, expect, it } from 'vitest'
import { startLoopbackOpenAIServer } from './loopback-openai-server'

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('LoopbackOpenAIServer', () => {
  it('answers with 400 when the script has run out, and records the request', async () => {
    const server = await startLoopbackOpenAIServer()
    try {
      const response = await post(`${server.baseURL}/responses`, { model: 'm', input: 'hi' })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ error: { code: 'no_script' } })
      expect(server.requests).toMatchObject([{ method: 'POST', path: '/v1/responses', endpoint: 'responses', body: { input: 'hi' } }])
    } finally {
      await server.close()
    }
  })

  it('answers an unknown endpoint with 404', async () => {
    const server = await startLoopbackOpenAIServer()
    try {
      server.enqueue({ text: 'x' })
      expect((await post(`${server.baseURL}/embeddings`, {})).status).toBe(404)
    } finally {
      await server.close()
    }
  })

  it('renders Chat Completions streams as data lines ending in [DONE]', async () => {
    const server = await startLoopbackOpenAIServer()
    try {
      server.enqueue({ text: ['a', 'b'], usage: { inputTokens: 1, outputTokens: 2 } })
      const response = await post(`${server.baseURL}/chat/completions`, { model: 'm', stream: true, stream_options: { include_usage: true } })
      expect(response.headers.get('content-type')).toBe('text/event-stream')
      const lines = (await response.text()).split('\n\n').filter(Boolean)
      expect(lines.at(-1)).toBe('data: [DONE]')
      expect(JSON.parse(lines.at(-2)!.slice('data: '.length))).toMatchObject({ choices: [], usage: { total_tokens: 3 } })
    } finally {
      await server.close()
    }
  })

  it('closes while a stalled reply is still open', async () => {
    const server = await startLoopbackOpenAIServer()
    server.enqueue({ text: ['a', 'b'], stallAfterEvents: 1 })
    const response = await post(`${server.baseURL}/responses`, { model: 'm', stream: true })
    const reader = response.body!.getReader()
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value)).toContain('event: response.created')
    await server.close()
    await expect(reader.read()).rejects.toThrow()
  })
})
