import { describe, expect, it } from 'vitest'
import { Agent } from '../agents'
import { AbortError, AgentConfigurationError, ChatClientException } from '../errors'
import { ChatMiddleware, chatMiddleware, type ChatContext, type NextFunction } from '../middleware'
import { ChatResponse, Message, textContent, type ChatResponseUpdate } from '../types'
import { BaseChatClient, type BaseChatClientOptions } from './base-chat-client'
import type { ChatRequestOptions } from './chat-client'

/** Answers with the text of the last message and records what reached it. */
class EchoClient extends BaseChatClient {
  readonly seen: Array<{ messages: Message[]; options: ChatRequestOptions }> = []
  constructor(options?: BaseChatClientOptions) {
    super(options)
  }
  protected async innerGetResponse(messages: Message[], options: ChatRequestOptions): Promise<ChatResponse> {
    this.seen.push({ messages, options })
    return new ChatResponse({ messages: [new Message({ role: 'assistant', text: `echo:${messages.at(-1)?.text}` })] })
  }
  protected async *innerGetStreamingResponse(messages: Message[], options: ChatRequestOptions): AsyncGenerator<ChatResponseUpdate> {
    this.seen.push({ messages, options })
    yield { role: 'assistant', contents: [textContent('echo:')] }
    yield { role: 'assistant', contents: [textContent(messages.at(-1)?.text ?? '')] }
  }
}

const user = (text: string) => [new Message({ role: 'user', text })]

async function streamText(stream: AsyncIterable<ChatResponseUpdate>): Promise<string> {
  let text = ''
  for await (const update of stream) for (const c of update.contents) if (c.type === 'text') text += c.text
  return text
}

describe('BaseChatClient', () => {
  it('calls the inner implementation directly without middleware', async () => {
    const client = new EchoClient()
    expect((await client.getResponse(user('hi'))).text).toBe('echo:hi')
    expect(await streamText(client.getStreamingResponse(user('yo')))).toBe('echo:yo')
  })

  it('runs chat middleware in order around the call, and may rewrite the request', async () => {
    const order: string[] = []
    class Tagging extends ChatMiddleware {
      constructor(private readonly tag: string) {
        super()
      }
      async process(context: ChatContext, next: NextFunction) {
        order.push(`${this.tag}:in`)
        await next()
        order.push(`${this.tag}:out`)
      }
    }
    const rewrite = chatMiddleware(async (context, next) => {
      context.messages = [...context.messages, new Message({ role: 'user', text: 'rewritten' })]
      context.options = { ...context.options, temperature: 0.5 }
      await next()
    })
    const client = new EchoClient({ middleware: [new Tagging('a'), new Tagging('b'), rewrite] })
    const response = await client.getResponse(user('hi'))
    expect(order).toEqual(['a:in', 'b:in', 'b:out', 'a:out'])
    expect(response.text).toBe('echo:rewritten')
    expect(client.seen[0].options.temperature).toBe(0.5)
  })

  it('lets middleware short-circuit without calling the model, also when streaming', async () => {
    const cached = chatMiddleware((context) => {
      context.result = new ChatResponse({ messages: [new Message({ role: 'assistant', text: 'cached' })] })
    })
    const client = new EchoClient({ middleware: [cached] })
    expect((await client.getResponse(user('hi'))).text).toBe('cached')
    expect(await streamText(client.getStreamingResponse(user('hi')))).toBe('cached')
    expect(client.seen).toHaveLength(0)
  })

  it('lets streaming middleware wrap the update stream', async () => {
    const upper = chatMiddleware(async (context, next) => {
      await next()
      const inner = context.result as AsyncIterable<ChatResponseUpdate>
      context.result = (async function* () {
        for await (const update of inner) {
          yield { ...update, contents: update.contents.map((c) => (c.type === 'text' ? textContent(c.text.toUpperCase()) : c)) }
        }
      })()
    })
    const client = new EchoClient({ middleware: [upper] })
    expect(await streamText(client.getStreamingResponse(user('hi')))).toBe('ECHO:HI')
  })

  it('reports middleware that neither calls next nor sets a result', async () => {
    const client = new EchoClient({ middleware: [chatMiddleware(() => {})] })
    await expect(client.getResponse(user('x'))).rejects.toBeInstanceOf(ChatClientException)
  })

  it('rejects a middleware that calls next twice', async () => {
    const twice = chatMiddleware(async (_context, next) => {
      await next()
      await next()
    })
    await expect(new EchoClient({ middleware: [twice] }).getResponse(user('x'))).rejects.toBeInstanceOf(AgentConfigurationError)
  })

  it('rejects an already aborted signal before calling the model', async () => {
    const client = new EchoClient()
    const controller = new AbortController()
    controller.abort()
    await expect(client.getResponse(user('x'), { signal: controller.signal })).rejects.toBeInstanceOf(AbortError)
    expect(client.seen).toHaveLength(0)
  })

  it('rejects middleware of the wrong shape at construction', () => {
    expect(() => new EchoClient({ middleware: [(() => {}) as unknown as ChatMiddleware] })).toThrow(AgentConfigurationError)
  })

  it('creates an agent with asAgent', async () => {
    const agent = new EchoClient().asAgent({ name: 'echo', instructions: 'Be brief.' })
    expect(agent).toBeInstanceOf(Agent)
    expect(agent.name).toBe('echo')
    expect((await agent.run('ping')).text).toBe('echo:ping')
  })
})
