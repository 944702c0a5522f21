/**
 * `POST /v1/chat/completions` as chat clients call it, over real HTTP against the route handlers (served on 127.0.0.1
 * in this process), a real database and a real run worker, with saved agents on the demo model: the `openai`
 * package's `chat.completions` and the AI SDK's `.chat()` model (`ai` + `@ai-sdk/openai`).
 *
 * Stateless: `messages` is the whole conversation, and an agent's turn stores nothing (as `store: false` on
 * /v1/responses). The agent Calc runs its `calculate` tool itself: no client tool call, but `agentloom.tool_calls`.
 */
import { createOpenAI } from '@ai-sdk/openai'
import { generateText, streamText } from 'ai'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatCompletion } from '@/lib/contracts/chat-completions'
import { starterDocument } from '@/lib/graph'
import { RunWorker } from '@/lib/server/runs/execution/run-worker'
import { hostRoutes, type RouteHttpHost } from '@/lib/server/testing/route-http-host'
import { createTestApp, principalOf, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import { createSavedAgent } from '@/lib/server/testing/saved-agents'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'

const CALCULATION = '/call calculate {"expression":"6*7"}'
const CALCULATED = 'Result: 42'

let app: TestApp
let worker: RunWorker
let host: RouteHttpHost
let other: TestUser

const openAi = (user: TestUser | null = app.admin, options: ConstructorParameters<typeof OpenAI>[0] = {}) =>
  new OpenAI({ baseURL: `${host.url}/v1`, apiKey: user?.token ?? 'unused', maxRetries: 0, ...options })
const aiSdk = () => createOpenAI({ baseURL: `${host.url}/v1`, apiKey: app.admin.token })
const toolCallsOf = (completion: unknown) => (completion as ChatCompletion).agentloom.tool_calls
const storedRows = () =>
  Promise.all([app.db.prisma.run.count(), app.db.prisma.runEvent.count(), app.db.prisma.conversation.count(), app.db.prisma.chatMessage.count()])

const createAgent = (owner: TestUser, settings: Record<string, unknown>) => createSavedAgent(app, owner, settings)

beforeAll(async () => {
  app = await createTestApp()
  worker = new RunWorker(app, { concurrency: 2 })
  await worker.start()
  other = await app.addUser()
  await createAgent(app.admin, { name: 'Calc', model: { provider: 'demo' }, functionTools: ['calculate'] })
  await createAgent(app.admin, { name: 'Terse', model: { provider: 'demo', maxTokens: 3 } })
  await createAgent(app.admin, { name: 'Careful counter', model: { provider: 'demo' }, functionTools: ['word_count'], toolApprovalMode: 'always_require' })
  host = await hostRoutes([
    { pattern: '/v1/chat/completions', load: () => import('./chat/completions/route') },
    { pattern: '/v1/*path', load: () => import('./[...path]/route') },
  ])
})

afterAll(async () => {
  await host?.close()
  await worker?.stop()
  await app?.close()
})

describe('the openai package’s chat.completions', () => {
  it('answers a chat.completion, with the tools the agent ran in agentloom.tool_calls and nothing stored', async () => {
    const before = await storedRows()
    const completion = await openAi().chat.completions.create({ model: 'agent:Calc', messages: [{ role: 'user', content: CALCULATION }], user: 'u1' })
    expect(completion).toMatchObject({ object: 'chat.completion', model: 'agent:Calc' })
    expect(completion.id).toMatch(/^chatcmpl-[0-9a-f]{32}$/)
    expect(completion.choices).toEqual([
      { index: 0, message: { role: 'assistant', content: CALCULATED, refusal: null }, finish_reason: 'stop', logprobs: null },
    ])
    expect(completion.usage!.total_tokens).toBe(completion.usage!.prompt_tokens + completion.usage!.completion_tokens)
    expect(completion.usage!.prompt_tokens).toBeGreaterThan(0)
    expect(toolCallsOf(completion)).toEqual([
      expect.objectContaining({ name: 'calculate', arguments: '{"expression":"6*7"}', output: '42', status: 'completed' }),
    ])
    expect(await storedRows()).toEqual(before)
  })

  it('takes the conversation so far from messages: system as instructions, earlier turns as history', async () => {
    const alone = await openAi().chat.completions.create({ model: 'Calc', messages: [{ role: 'user', content: 'What is my name?' }] })
    const withHistory = await openAi().chat.completions.create({
      model: 'Calc',
      metadata: { job: 'ci' },
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'My name is Ada' },
        { role: 'assistant', content: 'Demo reply: My name is Ada' },
        { role: 'user', content: [{ type: 'text', text: 'What is my name?' }] },
      ],
    })
    expect(withHistory.choices[0].message.content).toBe('Demo reply: What is my name?')
    expect((withHistory as unknown as ChatCompletion).metadata).toEqual({ job: 'ci' })
    // The demo model counts every word it is sent: the instructions and the two earlier messages were sent too.
    expect(withHistory.usage!.prompt_tokens).toBeGreaterThan(alone.usage!.prompt_tokens + 2 + 8)
  })

  it('says finish_reason length for a reply cut at the agent’s token limit, streamed or not, to both clients', async () => {
    const messages = [{ role: 'user' as const, content: 'one two three' }]
    const completion = await openAi().chat.completions.create({ model: 'agent:Terse', messages })
    expect(completion.choices[0]).toMatchObject({ message: { content: 'Demo reply: one' }, finish_reason: 'length' })
    const stream = await openAi().chat.completions.create({ model: 'agent:Terse', messages, stream: true })
    const finishes: (string | null)[] = []
    for await (const chunk of stream) finishes.push(...chunk.choices.map((choice) => choice.finish_reason))
    expect(finishes.filter(Boolean)).toEqual(['length'])
    const generated = await generateText({ model: aiSdk().chat('agent:Terse'), prompt: 'one two three' })
    expect([generated.text, generated.finishReason]).toEqual(['Demo reply: one', 'length'])
  })

  it('honours a json_schema response_format and refuses json_object', async () => {
    const schema = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'], additionalProperties: false }
    const structured = await openAi().chat.completions.create({
      model: 'agent:Calc',
      messages: [{ role: 'user', content: CALCULATION }],
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema, strict: true } },
    })
    expect(JSON.parse(structured.choices[0].message.content!)).toEqual({ answer: CALCULATED })
    const jsonObject = openAi().chat.completions.create({
      model: 'agent:Calc',
      messages: [{ role: 'user', content: 'hi' }],
      response_format: { type: 'json_object' },
    })
    await expect(jsonObject).rejects.toBeInstanceOf(OpenAI.BadRequestError)
    await expect(jsonObject).rejects.toMatchObject({ code: 'format_not_supported', param: 'response_format.type' })
  })

  it('streams chunks: the role, the text, the finish, the usage, then [DONE]', async () => {
    const stream = await openAi().chat.completions.create({
      model: 'agent:Calc',
      messages: [{ role: 'user', content: CALCULATION }],
      stream: true,
      stream_options: { include_usage: true },
    })
    const chunks: OpenAI.Chat.Completions.ChatCompletionChunk[] = []
    for await (const chunk of stream) chunks.push(chunk)
    expect(chunks[0].choices[0].delta.role).toBe('assistant')
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe(CALCULATED)
    const finish = chunks.at(-2)!
    expect(finish.choices[0].finish_reason).toBe('stop')
    expect(toolCallsOf(finish)).toEqual([expect.objectContaining({ name: 'calculate', output: '42' })])
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) } })
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(1)

    // The package's helper assembles the chunks into the completion.
    const helper = openAi().chat.completions.stream({
      model: 'agent:Calc',
      messages: [{ role: 'user', content: 'hi' }],
      stream_options: { include_usage: true },
    })
    const final = await helper.finalChatCompletion()
    expect(final.choices[0].message.content).toBe('Demo reply: hi')
    expect(final.usage?.total_tokens).toBeGreaterThan(0)
    // Without include_usage, no usage chunk: the finish chunk is the last.
    const plain = await openAi().chat.completions.create({ model: 'agent:Calc', messages: [{ role: 'user', content: 'hi' }], stream: true })
    const last: OpenAI.Chat.Completions.ChatCompletionChunk[] = []
    for await (const chunk of plain) last.push(chunk)
    expect(last.at(-1)!.choices[0].finish_reason).toBe('stop')
    expect(last.every((chunk) => !chunk.usage)).toBe(true)
  })

  it('runs a workflow with the user’s text as its input, and refuses a conversation for it', async () => {
    const workflows = new WorkflowService(app.db.prisma)
    const { workflow } = await workflows.create(principalOf(app.admin), { name: 'Pipeline' })
    await workflows.createVersion(principalOf(app.admin), workflow.id, starterDocument(), 1)
    const completion = await openAi().chat.completions.create({ model: 'workflow:Pipeline', messages: [{ role: 'user', content: 'plain' }] })
    expect(completion.choices[0]).toMatchObject({ finish_reason: 'stop' })
    expect(typeof completion.choices[0].message.content).toBe('string')
    const history = openAi().chat.completions.create({
      model: 'workflow:Pipeline',
      messages: [
        { role: 'user', content: 'a' },
        { role: 'assistant', content: 'b' },
        { role: 'user', content: 'c' },
      ],
    })
    await expect(history).rejects.toMatchObject({ status: 400, code: 'unsupported_input', param: 'messages' })
  })

  it('answers a turn that asks a person with a 400 saying why, in a stream too', async () => {
    const messages = [{ role: 'user' as const, content: '/call word_count {"text":"a b"}' }]
    const asks = openAi().chat.completions.create({ model: 'agent:Careful counter', messages })
    await expect(asks).rejects.toBeInstanceOf(OpenAI.BadRequestError)
    await expect(asks).rejects.toMatchObject({ code: 'approval_not_supported', message: expect.stringContaining('/v1/responses') })
    const streamed = await openAi().chat.completions.create({ model: 'agent:Careful counter', messages, stream: true })
    const read = async () => {
      for await (const chunk of streamed) void chunk
    }
    await expect(read()).rejects.toMatchObject({ code: 'approval_not_supported' })
  })
})

describe('the AI SDK’s chat model', () => {
  it('generates and streams the text of the agent that runs its own tool', async () => {
    const generated = await generateText({ model: aiSdk().chat('agent:Calc'), prompt: CALCULATION })
    expect(generated.text).toBe(CALCULATED)
    expect(generated.toolCalls).toEqual([])
    expect(generated.finishReason).toBe('stop')
    expect(generated.usage.inputTokens).toBeGreaterThan(0)

    const streamed = streamText({ model: aiSdk().chat('agent:Calc'), system: 'Be brief.', prompt: CALCULATION })
    let deltas = ''
    for await (const delta of streamed.textStream) deltas += delta
    expect(deltas).toBe(CALCULATED)
    expect(await streamed.finishReason).toBe('stop')
    expect((await streamed.usage).outputTokens).toBeGreaterThan(0)
  })
})

describe('errors, in OpenAI’s shape', () => {
  const hi = [{ role: 'user' as const, content: 'hi' }]

  it('404 for an unknown or another member’s model, 401 without a token, 400 naming what is refused', async () => {
    const unknown = openAi().chat.completions.create({ model: 'agent:Nobody', messages: hi })
    await expect(unknown).rejects.toBeInstanceOf(OpenAI.NotFoundError)
    await expect(unknown).rejects.toMatchObject({ status: 404, type: 'not_found_error', param: 'model', code: 'not_found' })
    await expect(openAi(other).chat.completions.create({ model: 'agent:Calc', messages: hi })).rejects.toBeInstanceOf(OpenAI.NotFoundError)
    await expect(openAi(null, { defaultHeaders: { Authorization: null } }).chat.completions.create({ model: 'Calc', messages: hi })).rejects.toBeInstanceOf(
      OpenAI.AuthenticationError,
    )

    const tool = { type: 'function' as const, function: { name: 'f', parameters: { type: 'object' } } }
    const refusals: Array<[Partial<OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming>, string]> = [
      [{ tools: [tool] }, 'tools'],
      [{ n: 2 }, 'n'],
      [{ logprobs: true }, 'logprobs'],
      [{ logit_bias: { '1': 5 } }, 'logit_bias'],
      [{ tool_choice: 'required' }, 'tool_choice'],
      [
        { messages: [...hi, { role: 'assistant', content: null, tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] }] },
        'messages.1.tool_calls',
      ],
      [{ messages: [...hi, { role: 'tool', tool_call_id: 'c', content: '1' }] }, 'messages.1.role'],
      [{ messages: [...hi, { role: 'assistant', content: 'done' }] }, 'messages'],
    ]
    for (const [params, param] of refusals) {
      const refused = openAi().chat.completions.create({ model: 'agent:Calc', messages: hi, ...params })
      await expect(refused).rejects.toBeInstanceOf(OpenAI.BadRequestError)
      await expect(refused).rejects.toMatchObject({ type: 'invalid_request_error', param })
    }
  })
})
