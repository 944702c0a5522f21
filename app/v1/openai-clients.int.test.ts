/**
 * The OpenAI-compatible /v1 as the clients people use call it, over real HTTP against the route handlers (served on
 * 127.0.0.1 in this process), a real database and a real run worker, with saved agents on the demo model: the
 * OpenAI Agents SDK (`@openai/agents`), the AI SDK (`ai` + `@ai-sdk/openai`) and the `openai` package.
 *
 * The agent Calc runs its `calculate` tool itself: its call is no client-side `function_call` (which sent the Agents
 * SDK looking for a tool of its own and the AI SDK's parser into an error) but is listed in `agentloom.tool_calls`.
 */
import { createOpenAI } from '@ai-sdk/openai'
import { Agent, OpenAIResponsesModel, Runner, user } from '@openai/agents'
import { generateText, Output, streamText } from 'ai'
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ResponseObject } from '@/lib/contracts/responses'
import { starterDocument } from '@/lib/graph'
import { RunWorker } from '@/lib/server/runs/execution/run-worker'
import { hostRoutes, type RouteHttpHost } from '@/lib/server/testing/route-http-host'
import { createTestApp, principalOf, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import { createSavedAgent } from '@/lib/server/testing/saved-agents'
import { runIdOfResponse } from '@/lib/server/responses/responses-service'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'

const CALCULATION = '/call calculate {"expression":"6*7"}'
const CALCULATED = 'Result: 42'

let app: TestApp
let worker: RunWorker
let host: RouteHttpHost
let other: TestUser
let calcId: string

const openAi = (user: TestUser | null = app.admin) => new OpenAI({ baseURL: `${host.url}/v1`, apiKey: user?.token ?? 'unused', maxRetries: 0 })
/** The Agents SDK, tracing off: its traces would go to OpenAI. */
const runner = () => new Runner({ tracingDisabled: true })
const agentsSdkAgent = (model: string) => new Agent({ name: 'Calc', model: new OpenAIResponsesModel(openAi(), model) })
const aiSdk = () => createOpenAI({ baseURL: `${host.url}/v1`, apiKey: app.admin.token })

const createAgent = (owner: TestUser, settings: Record<string, unknown>) => createSavedAgent(app, owner, settings)

/** What the response says of the tools the agent ran itself. */
const toolCallsOf = (response: unknown) => (response as ResponseObject).agentloom.tool_calls

beforeAll(async () => {
  app = await createTestApp()
  worker = new RunWorker(app, { concurrency: 2 })
  await worker.start()
  other = await app.addUser()
  calcId = await createAgent(app.admin, { name: 'Calc', model: { provider: 'demo' }, functionTools: ['calculate'] })
  host = await hostRoutes([
    { pattern: '/v1/responses', load: () => import('./responses/route') },
    { pattern: '/v1/responses/:id', load: () => import('./responses/[id]/route') },
    { pattern: '/v1/models', load: () => import('./models/route') },
    { pattern: '/v1/*path', load: () => import('./[...path]/route') },
  ])
})

afterAll(async () => {
  await host?.close()
  await worker?.stop()
  await app?.close()
})

describe('a saved agent that runs its own tool', () => {
  it('answers the openai package with the message alone as output, and the call in agentloom.tool_calls', async () => {
    const response = await openAi().responses.create({ model: 'agent:Calc', input: CALCULATION })
    expect(response.output_text).toBe(CALCULATED)
    expect(response.output.map((item) => item.type)).toEqual(['message'])
    expect(toolCallsOf(response)).toEqual([
      expect.objectContaining({ name: 'calculate', arguments: '{"expression":"6*7"}', output: '42', error: null, status: 'completed' }),
    ])

    // Streamed: a response.in_progress snapshot carries the call once it returned; the package's helper takes it.
    const stream = openAi().responses.stream({ model: 'agent:Calc', input: CALCULATION })
    const snapshots: unknown[] = []
    stream.on('event', (event) => {
      if (event.type === 'response.in_progress') snapshots.push(event.response)
    })
    const final = await stream.finalResponse()
    expect(final.output_text).toBe(CALCULATED)
    expect(final.output.map((item) => item.type)).toEqual(['message'])
    expect(toolCallsOf(final)).toEqual([expect.objectContaining({ name: 'calculate', output: '42', status: 'completed' })])
    expect(snapshots.map((snapshot) => toolCallsOf(snapshot).map((call) => call.status))).toEqual([[], ['completed']])
  })

  it('gives the OpenAI Agents SDK the final text, run and streamed', async () => {
    const result = await runner().run(agentsSdkAgent('agent:Calc'), CALCULATION)
    expect(result.finalOutput).toBe(CALCULATED)
    expect(result.newItems.map((item) => item.type)).toEqual(['message_output_item'])

    const streamed = await runner().run(agentsSdkAgent('agent:Calc'), CALCULATION, { stream: true })
    let deltas = ''
    for await (const event of streamed) {
      if (event.type === 'raw_model_stream_event' && event.data.type === 'output_text_delta') deltas += event.data.delta
    }
    await streamed.completed
    expect(streamed.finalOutput).toBe(CALCULATED)
    expect(deltas).toBe(CALCULATED)
  })

  it('gives the AI SDK the final text, generated and streamed', async () => {
    const generated = await generateText({ model: aiSdk().responses('agent:Calc'), prompt: CALCULATION })
    expect(generated.text).toBe(CALCULATED)
    expect(generated.toolCalls).toEqual([])
    expect(generated.finishReason).toBe('stop')

    const streamed = streamText({ model: aiSdk().responses('agent:Calc'), prompt: CALCULATION })
    let deltas = ''
    for await (const delta of streamed.textStream) deltas += delta
    expect(deltas).toBe(CALCULATED)
    expect(await streamed.text).toBe(CALCULATED)
    expect(await streamed.finishReason).toBe('stop')
  })
})

describe('text.format', () => {
  const answer = { type: 'object', properties: { answer: { type: 'string' } }, required: ['answer'], additionalProperties: false }

  it('has the agent answer JSON matching the schema, for that turn alone, and refuses what it cannot honour', async () => {
    const format = { type: 'json_schema' as const, name: 'answer', schema: answer, strict: true }
    const structured = await openAi().responses.create({ model: 'agent:Calc', input: CALCULATION, text: { format } })
    expect(JSON.parse(structured.output_text)).toEqual({ answer: CALCULATED })
    const continued = await openAi().responses.create({ model: 'agent:Calc', input: 'hi', previous_response_id: structured.id })
    expect(continued.output_text).toBe('Demo reply: hi')
    const unstored = await openAi().responses.create({ model: 'agent:Calc', input: 'hi', store: false, text: { format } })
    expect(JSON.parse(unstored.output_text)).toEqual({ answer: 'Demo reply: hi' })
    const streamed = await openAi().responses.stream({ model: 'agent:Calc', input: 'hi', text: { format } }).finalResponse()
    expect(JSON.parse(streamed.output_text)).toEqual({ answer: 'Demo reply: hi' })

    const jsonObject = openAi().responses.create({ model: 'agent:Calc', input: 'hi', text: { format: { type: 'json_object' } } })
    await expect(jsonObject).rejects.toBeInstanceOf(OpenAI.BadRequestError)
    await expect(jsonObject).rejects.toMatchObject({ code: 'format_not_supported', param: 'text.format.type' })
    const { workflow } = await new WorkflowService(app.db.prisma).create(principalOf(app.admin), { name: 'Formatless' })
    await expect(openAi().responses.create({ model: `workflow:${workflow.id}`, input: 'hi', text: { format } })).rejects.toMatchObject({
      status: 400,
      code: 'format_not_supported',
      param: 'text.format',
    })
  })

  it('gives the Agents SDK its output type and the AI SDK its object', async () => {
    const typed = new Agent({ name: 'Calc', model: new OpenAIResponsesModel(openAi(), 'agent:Calc'), outputType: z.object({ answer: z.string() }) })
    expect((await runner().run(typed, CALCULATION)).finalOutput).toEqual({ answer: CALCULATED })

    const generated = await generateText({
      model: aiSdk().responses('agent:Calc'),
      prompt: 'hi',
      output: Output.object({ schema: z.object({ answer: z.string() }) }),
    })
    expect(generated.output).toEqual({ answer: 'Demo reply: hi' })
  })
})

describe('a reply cut at the agent’s token limit', () => {
  it('is an incomplete response for max_output_tokens, with the text so far, stored or not, and a length finish for the AI SDK', async () => {
    await createAgent(app.admin, { name: 'Terse', model: { provider: 'demo', maxTokens: 3 } })
    for (const store of [true, false]) {
      const response = await openAi().responses.create({ model: 'agent:Terse', input: 'one two three', store })
      expect(response).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, output_text: 'Demo reply: one' })
    }
    const generated = await generateText({ model: aiSdk().responses('agent:Terse'), prompt: 'one two three' })
    expect([generated.text, generated.finishReason]).toEqual(['Demo reply: one', 'length'])
  })
})

describe('a stored conversation the client sends back', () => {
  /** The conversation a response's turn was taken in, and what it holds, oldest first. */
  async function conversationOf(responseId: string | undefined) {
    const run = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runIdOfResponse(responseId ?? '')! }, select: { conversationId: true } })
    const messages = await app.db.prisma.chatMessage.findMany({ where: { conversationId: run.conversationId! }, orderBy: { position: 'asc' } })
    const conversation = await app.db.prisma.conversation.findUniqueOrThrow({ where: { id: run.conversationId! } })
    return {
      id: conversation.id,
      title: conversation.title,
      said: messages.map(
        (message) => `${message.role}: ${(JSON.parse(message.message) as { contents: { text?: string }[] }).contents.map((c) => c.text ?? '').join('')}`,
      ),
    }
  }

  it('continues the conversation of the answers the Agents SDK sends back with their ids', async () => {
    const first = await runner().run(agentsSdkAgent('agent:Calc'), 'My name is Ada')
    const second = await runner().run(agentsSdkAgent('agent:Calc'), [...first.history, user('What is my name?')])
    expect(second.finalOutput).toBe('Demo reply: What is my name?')
    const conversation = await conversationOf(second.lastResponseId)
    expect(conversation.id).toBe((await conversationOf(first.lastResponseId)).id)
    expect(conversation.said).toEqual([
      'user: My name is Ada',
      'assistant: Demo reply: My name is Ada',
      'user: What is my name?',
      'assistant: Demo reply: What is my name?',
    ])
  })

  it('continues the conversation of the answers the AI SDK refers to by item_reference', async () => {
    const model = aiSdk().responses('agent:Calc')
    const opening = { role: 'user' as const, content: 'My name is Ada' }
    const first = await generateText({ model, messages: [opening] })
    const second = await generateText({ model, messages: [opening, ...first.response.messages, { role: 'user', content: 'What is my name?' }] })
    expect(second.text).toBe('Demo reply: What is my name?')
    const conversation = await conversationOf(second.response.id)
    expect(conversation.id).toBe((await conversationOf(first.response.id)).id)
    expect(conversation.said).toHaveLength(4)
  })

  it('stores a conversation whose answers came from elsewhere anew, starting with the messages sent, which the agent hears', async () => {
    const earlier = [
      { role: 'user' as const, content: 'My name is Ada' },
      { role: 'assistant' as const, content: 'Hello Ada, I am another model.' },
    ]
    const alone = await openAi().responses.create({ model: 'agent:Calc', input: 'What is my name?' })
    const sent = await openAi().responses.create({ model: 'agent:Calc', input: [...earlier, { role: 'user', content: 'What is my name?' }] })
    expect(sent.output_text).toBe('Demo reply: What is my name?')
    // The demo model counts the words of every message it is given: the earlier ones reached it.
    expect(sent.usage!.input_tokens).toBe(alone.usage!.input_tokens + 'My name is Ada Hello Ada, I am another model.'.split(' ').length)
    const conversation = await conversationOf(sent.id)
    expect(conversation.title).toBe('My name is Ada')
    expect(conversation.said).toEqual([
      'user: My name is Ada',
      'assistant: Hello Ada, I am another model.',
      'user: What is my name?',
      'assistant: Demo reply: What is my name?',
    ])
  })

  it('refuses a reference to an answer the caller may not read, and earlier messages beside previous_response_id', async () => {
    const mine = await openAi().responses.create({ model: 'agent:Calc', input: 'hi' })
    const myAnswer = mine.output[0]!.id!
    const theirs = await createAgent(other, { name: 'Echo', model: { provider: 'demo' } })
    for (const reference of [myAnswer, 'msg_00000000000000000000000000000000', 'rs_elsewhere']) {
      const create = openAi(other).responses.create({
        model: `agent:${theirs}`,
        input: [
          { role: 'user', content: 'hi' },
          { type: 'item_reference', id: reference },
          { role: 'user', content: 'again' },
        ],
      })
      await expect(create).rejects.toBeInstanceOf(OpenAI.BadRequestError)
      await expect(create).rejects.toMatchObject({ code: 'item_not_found', param: 'input.1.id' })
    }
    await expect(
      openAi().responses.create({
        model: 'agent:Calc',
        previous_response_id: mine.id,
        input: [
          { role: 'user', content: 'hi' },
          { type: 'item_reference', id: myAnswer },
          { role: 'user', content: 'again' },
        ],
      }),
    ).rejects.toMatchObject({ status: 400, code: 'conflicting_continuation', param: 'input' })
  })
})

describe('GET /v1/models', () => {
  it('lists the agents and workflows the token may run, each id usable as the model', async () => {
    const workflows = new WorkflowService(app.db.prisma)
    const { workflow } = await workflows.create(principalOf(other), { name: 'Theirs' })
    await workflows.createVersion(principalOf(other), workflow.id, starterDocument(), 1)
    const unsaved = await app.db.prisma.agent.create({ data: { name: 'No version yet', ownerId: other.id, workspaceId: other.personalWorkspaceId } })
    const theirs = await createAgent(other, { name: 'Calc', model: { provider: 'demo' } })

    const mine = await openAi(other).models.list()
    const ids = mine.data.map((model) => model.id)
    // Their own Calc goes by its name (their own come first); an agent without a version is not runnable.
    expect(ids).toContain('agent:Calc')
    expect(mine.data.find((model) => model.id === 'agent:Calc')).toMatchObject({ object: 'model', agentloom: { kind: 'agent', id: theirs, name: 'Calc' } })
    expect(mine.data.find((model) => model.id === 'workflow:Theirs')).toMatchObject({ agentloom: { kind: 'workflow', id: workflow.id } })
    expect(ids).not.toContain(`agent:${unsaved.id}`)
    expect(ids).not.toContain('agent:No version yet')
    // Nothing of another member's workspace.
    expect(ids.some((id) => id.includes(calcId))).toBe(false)

    // An admin sees both agents named Calc: the admin's own goes by name, the other by id.
    const all = (await openAi().models.list()).data.map((model) => model.id)
    expect(all).toEqual(expect.arrayContaining(['agent:Calc', `agent:${theirs}`]))
    const response = await openAi().responses.create({ model: `agent:${theirs}`, input: 'hi' })
    expect(response.output_text).toBe('Demo reply: hi')
  })
})

describe('GET /v1/responses/{id}', () => {
  it('gives back a stored response as it was answered, and 404 in OpenAI’s shape for unknown, unstored and others’', async () => {
    const created = await openAi().responses.create({ model: 'agent:Calc', input: CALCULATION, instructions: 'Add nothing.' })
    const retrieved = await openAi().responses.retrieve(created.id)
    expect(retrieved).toMatchObject({
      id: created.id,
      status: 'completed',
      output_text: CALCULATED,
      model: `agent:${calcId}`,
      instructions: 'Add nothing.',
      usage: created.usage,
      conversation: (created as unknown as ResponseObject).conversation,
    })
    expect(retrieved.output).toEqual(created.output)
    expect(toolCallsOf(retrieved)).toEqual(toolCallsOf(created))

    const next = await openAi().responses.create({ model: 'agent:Calc', input: 'And now?', previous_response_id: created.id })
    expect((await openAi().responses.retrieve(next.id)).previous_response_id).toBe(created.id)

    const unstored = await openAi().responses.create({ model: 'agent:Calc', input: 'hi', store: false })
    for (const missing of [unstored.id, 'resp_00000000000000000000000000000000', 'resp_nope']) {
      const retrieve = openAi().responses.retrieve(missing)
      await expect(retrieve).rejects.toBeInstanceOf(OpenAI.NotFoundError)
      await expect(retrieve).rejects.toMatchObject({ type: 'not_found_error', code: 'not_found' })
    }
    await expect(openAi(other).responses.retrieve(created.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError)
    await expect(openAi(null).responses.retrieve(created.id)).rejects.toBeInstanceOf(OpenAI.AuthenticationError)
  })
})

describe('unknown paths under /v1', () => {
  it('answer 404 in OpenAI’s shape, whatever the method', async () => {
    await expect(openAi().embeddings.create({ model: 'agent:Calc', input: 'x' })).rejects.toMatchObject({
      status: 404,
      type: 'not_found_error',
      code: 'not_found',
      param: null,
    })
    await expect(openAi().files.list()).rejects.toBeInstanceOf(OpenAI.NotFoundError)
    const raw = await fetch(`${host.url}/v1/no/such/thing`, { method: 'DELETE' })
    expect(raw.status).toBe(404)
    expect(await raw.json()).toEqual({ error: { message: 'No API route DELETE /v1/no/such/thing.', type: 'not_found_error', param: null, code: 'not_found' } })
  })
})
