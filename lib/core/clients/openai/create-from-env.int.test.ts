import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Message } from '../../types'
import { createChatClientFromEnv } from './create-from-env'
import { OpenAIChatClient } from './openai-chat-client'
import { startLoopbackOpenAIServer, type LoopbackOpenAIServer } from './testing'

let server: LoopbackOpenAIServer

beforeAll(async () => {
  server = await startLoopbackOpenAIServer()
})

afterAll(async () => {
  await server.close()
})

describe('createChatClientFromEnv', () => {
  it('returns undefined without OPENAI_API_KEY, so the caller can fall back to the demo client', () => {
    expect(createChatClientFromEnv({})).toBeUndefined()
    expect(createChatClientFromEnv({ OPENAI_API_KEY: '', OPENAI_BASE_URL: server.baseURL })).toBeUndefined()
  })

  it('defaults the model to gpt-4o-mini', () => {
    expect(createChatClientFromEnv({ OPENAI_API_KEY: 'k' })?.modelId).toBe('gpt-4o-mini')
  })

  it('honours OPENAI_BASE_URL and OPENAI_MODEL', async () => {
    const client = createChatClientFromEnv({ OPENAI_API_KEY: 'env-key', OPENAI_BASE_URL: server.baseURL, OPENAI_MODEL: 'local-model' })
    expect(client).toBeInstanceOf(OpenAIChatClient)
    server.enqueue({ text: 'hello from env' })
    const response = await client!.getResponse([new Message({ role: 'user', text: 'Hi' })])
    expect(response.text).toBe('hello from env')
    expect(server.requests[0].body.model).toBe('local-model')
    expect(server.requests[0].headers.authorization).toBe('Bearer env-key')
  })
})
