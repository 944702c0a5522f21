/**
 * Each client that takes a caller's fetch, through its real SDK, with a fetch that refuses (as the
 * app's outbound policy does) or fails as a network does. Nothing is listening: the fetch decides.
 * The SDKs' own back-off runs where a retry is expected (half a second for the Stainless SDKs, one
 * to two for @google/genai), which is what a refusal no longer pays.
 */
import { describe, expect, it } from 'vitest'
import { ChatClientException, ChatClientResponseException, UserError } from '../errors'
import { Message } from '../types'
import { AnthropicChatClient } from './anthropic/anthropic-chat-client'
import { answeringRefusalsFinally, refusalBehind, throwingRefusalsAsTypeErrors, userErrorIn } from './caller-fetch-refusals'
import type { ChatClient } from './chat-client'
import { GeminiChatClient } from './gemini/gemini-chat-client'
import { listProviderModels } from './model-lists'
import { OpenAIChatClient } from './openai/openai-chat-client'
import { OpenAIChatCompletionClient } from './openai/openai-chat-completion-client'

const REFUSAL = 'refused by the outbound policy: 127.0.0.1 is a loopback address'

/** A caller's fetch that throws what `make` gives, counting its calls. */
function throwingFetch(make: () => unknown): { fetch: typeof fetch; calls: () => number } {
  let calls = 0
  const fetchThatThrows = (async () => {
    calls += 1
    throw make()
  }) as typeof fetch
  return { fetch: fetchThatThrows, calls: () => calls }
}

/** As undici's fetch throws what its connector threw (pinnedFetch's refusal reaches a client so). */
const undiciRefusal = () => new TypeError('fetch failed', { cause: new UserError(REFUSAL) })
/** As a fetch that checks the address itself before connecting would throw it. */
const bareRefusal = () => new UserError(REFUSAL)
const networkFailure = () => new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }) })

const base = { apiKey: 'test-key', baseURL: 'http://127.0.0.1:9/v1', model: 'm', env: {} }
const CLIENTS: Array<{ name: string; make: (send: typeof fetch, retries: number) => ChatClient }> = [
  { name: 'OpenAIChatClient', make: (send, retries) => new OpenAIChatClient({ ...base, fetch: send, maxRetries: retries }) },
  { name: 'OpenAIChatCompletionClient', make: (send, retries) => new OpenAIChatCompletionClient({ ...base, fetch: send, maxRetries: retries }) },
  { name: 'AnthropicChatClient', make: (send, retries) => new AnthropicChatClient({ ...base, fetch: send, maxRetries: retries }) },
  { name: 'GeminiChatClient', make: (send, retries) => new GeminiChatClient({ ...base, fetch: send, maxAttempts: retries + 1 }) },
]

async function failureOf(work: () => Promise<unknown>): Promise<Error> {
  try {
    await work()
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a failure')
}

const hi = () => [new Message({ role: 'user', text: 'Hi' })]

describe('a refusal by the caller’s fetch', () => {
  for (const { name, make } of CLIENTS) {
    for (const [shape, refusal] of [
      ['as undici throws it', undiciRefusal],
      ['thrown bare', bareRefusal],
    ] as const) {
      it(`is tried once by ${name}, ${shape}, and says why, as a connection error (getResponse and getStreamingResponse)`, async () => {
        const caller = throwingFetch(refusal)
        const client = make(caller.fetch, 2)
        const failed = await failureOf(() => client.getResponse(hi()))
        expect(caller.calls()).toBe(1)
        expect(failed).toBeInstanceOf(ChatClientException)
        expect(failed).not.toBeInstanceOf(ChatClientResponseException)
        expect(failed.message).toMatch(new RegExp(` could not reach the service: ${REFUSAL}$`))
        // The refusal itself stays down the cause chain, for whoever classifies the failure (a UserError: the member's input).
        expect(userErrorIn(failed)?.message).toBe(REFUSAL)

        const streamed = await failureOf(async () => {
          for await (const update of client.getStreamingResponse(hi())) void update
        })
        expect(caller.calls()).toBe(2)
        expect(streamed.message).toBe(failed.message)
      })
    }
  }

  it.each(['openai', 'anthropic', 'gemini'] as const)('is tried once by the %s model list', async (provider) => {
    const caller = throwingFetch(undiciRefusal)
    const failed = await failureOf(() => listProviderModels({ provider, apiKey: 'test-key', baseURL: base.baseURL, env: {}, fetch: caller.fetch }))
    expect(caller.calls()).toBe(1)
    expect(failed.message).toMatch(new RegExp(` could not reach the service: ${REFUSAL}$`))
  })
})

describe('any other error the caller’s fetch throws', () => {
  it.each(CLIENTS.filter(({ name }) => name !== 'GeminiChatClient'))('is retried by $name as its SDK retries a connection error', async ({ make }) => {
    const caller = throwingFetch(networkFailure)
    const failed = await failureOf(() => make(caller.fetch, 1).getResponse(hi()))
    expect(caller.calls()).toBe(2)
    expect(failed).toBeInstanceOf(ChatClientException)
    expect(failed.message).toMatch(/ could not reach the service: Connection error\.$/)
  })

  it('is left to @google/genai, which retries what is not a TypeError and never undici’s "fetch failed"', async () => {
    const gemini = CLIENTS.find(({ name }) => name === 'GeminiChatClient')!
    const reset = throwingFetch(() => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))
    await failureOf(() => gemini.make(reset.fetch, 1).getResponse(hi()))
    expect(reset.calls()).toBe(2)
    const refused = throwingFetch(networkFailure)
    const failed = await failureOf(() => gemini.make(refused.fetch, 1).getResponse(hi()))
    expect(refused.calls()).toBe(1)
    expect(failed.message).toMatch(/ could not reach the service: fetch failed$/)
  })
})

describe('the wrappers', () => {
  it('answer a refusal with a bodiless answer no SDK retries, behind which the thrown error is found', async () => {
    const thrown = undiciRefusal()
    const answer = await answeringRefusalsFinally(throwingFetch(() => thrown).fetch)('http://127.0.0.1:9/')
    expect(answer.ok).toBe(false)
    expect(answer.headers.get('x-should-retry')).toBe('false')
    expect(answer.body).toBeNull()
    expect(refusalBehind(answer.headers)).toBe(thrown)
    expect(refusalBehind(new Headers({ 'x-should-retry': 'false' }))).toBeUndefined()
  })

  it('throw anything else unchanged, and a bare refusal as a TypeError for @google/genai', async () => {
    const failure = networkFailure()
    await expect(answeringRefusalsFinally(throwingFetch(() => failure).fetch)('http://127.0.0.1:9/')).rejects.toBe(failure)
    await expect(throwingRefusalsAsTypeErrors(throwingFetch(() => failure).fetch)('http://127.0.0.1:9/')).rejects.toBe(failure)
    const asUndici = undiciRefusal()
    await expect(throwingRefusalsAsTypeErrors(throwingFetch(() => asUndici).fetch)('http://127.0.0.1:9/')).rejects.toBe(asUndici)
    const bare = bareRefusal()
    const thrown = await failureOf(() => throwingRefusalsAsTypeErrors(throwingFetch(() => bare).fetch)('http://127.0.0.1:9/'))
    expect(thrown).toBeInstanceOf(TypeError)
    expect(thrown.cause).toBe(bare)
  })
})
