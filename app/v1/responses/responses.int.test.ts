/**
 * `POST /v1/responses` as OpenAI clients call it: the real `openai` package over HTTP against the
 * route handler (served on 127.0.0.1 in this process), a real database and a real run worker taking
 * the turns, with saved agents on the demo model.
 */
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ResponseObject } from '@/lib/contracts/responses'
import { AgentSettingsSchema, CURRENT_SCHEMA_VERSION, type GraphDocument } from '@/lib/graph'
import { runIdOfResponse } from '@/lib/server/responses/responses-service'
import { RunWorker } from '@/lib/server/runs/execution/run-worker'
import { hostRoutes, type RouteHttpHost } from '@/lib/server/testing/route-http-host'
import { createTestApp, principalOf, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import { createSavedAgent } from '@/lib/server/testing/saved-agents'
import { waitFor } from '@/lib/server/testing/wait-for'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'

const demoAgentGraph: GraphDocument = {
  schemaVersion: CURRENT_SCHEMA_VERSION,
  nodes: [
    { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: { inputDescription: '' } },
    { id: 'writer', kind: 'agent', position: { x: 320, y: 0 }, data: AgentSettingsSchema.parse({ name: 'Writer', model: { provider: 'demo' } }) },
    { id: 'output', kind: 'output', position: { x: 640, y: 0 }, data: {} },
  ],
  edges: [
    { id: 'start->writer', source: 'start', target: 'writer' },
    { id: 'writer->output', source: 'writer', target: 'output' },
  ],
} as GraphDocument

describe('POST /v1/responses with the openai package', () => {
  let app: TestApp
  let worker: RunWorker
  let host: RouteHttpHost
  let other: TestUser
  let client: OpenAI

  const clientFor = (user: TestUser | null, options: ConstructorParameters<typeof OpenAI>[0] = {}) =>
    new OpenAI({ baseURL: `${host.url}/v1`, apiKey: user?.token ?? 'unused', maxRetries: 0, ...options })

  const createAgent = (owner: TestUser, settings: Record<string, unknown>) => createSavedAgent(app, owner, settings)

  async function conversation(id: string) {
    const response = await fetch(`${host.url}/api/conversations/${id}`, { headers: { authorization: `Bearer ${app.admin.token}` } })
    expect(response.status).toBe(200)
    return (await response.json()) as { title: string; messageCount: number; turns: Array<{ runId: string; text: string; status: string }> }
  }

  beforeAll(async () => {
    app = await createTestApp()
    worker = new RunWorker(app, { concurrency: 2 })
    await worker.start()
    other = await app.addUser()
    await createAgent(app.admin, { name: 'Echo', instructions: 'Answer briefly.', model: { provider: 'demo' } })
    await createAgent(app.admin, {
      name: 'Careful counter',
      model: { provider: 'demo' },
      functionTools: ['word_count'],
      toolApprovalMode: 'always_require',
    })
    const workflows = new WorkflowService(app.db.prisma)
    const { workflow } = await workflows.create(principalOf(app.admin), { name: 'Pipeline' })
    await workflows.createVersion(principalOf(app.admin), workflow.id, demoAgentGraph, 1)
    host = await hostRoutes([
      { pattern: '/v1/responses', load: () => import('./route') },
      { pattern: '/api/conversations/:id', load: () => import('@/app/api/conversations/[id]/route') },
    ])
    client = clientFor(app.admin)
  })

  afterAll(async () => {
    await host?.close()
    await worker?.stop()
    await app?.close()
  })

  it('answers with the agent’s reply, as a turn of a new conversation the app shows', async () => {
    const response = await client.responses.create({ model: 'agent:Echo', input: 'Hello there', metadata: { job: 'ci' } })
    expect(response).toMatchObject({
      object: 'response',
      status: 'completed',
      model: 'agent:Echo',
      output_text: 'Demo reply: Hello there',
      metadata: { job: 'ci' },
      previous_response_id: null,
    })
    expect(response.id).toMatch(/^resp_[0-9a-f]{32}$/)
    expect(response.output).toEqual([
      expect.objectContaining({
        type: 'message',
        role: 'assistant',
        status: 'completed',
        content: [expect.objectContaining({ text: 'Demo reply: Hello there' })],
      }),
    ])
    expect(response.usage?.total_tokens).toBeGreaterThan(0)
    const conversationId = (response as unknown as { conversation: { id: string } }).conversation.id
    const stored = await conversation(conversationId)
    expect(stored).toMatchObject({ title: 'Hello there', messageCount: 2 })
    expect(stored.turns.map((turn) => `resp_${turn.runId.replaceAll('-', '')}`)).toEqual([response.id])

    // Instructions go with the agent's own: the demo model counts them among the words it was sent.
    const instructed = await client.responses.create({ model: 'agent:Echo', input: 'Hello there', instructions: 'Use five words at most.' })
    expect(instructed.instructions).toBe('Use five words at most.')
    expect(instructed.usage!.input_tokens).toBe(response.usage!.input_tokens + 5)
  })

  it('streams the Responses events, whose deltas add up to the final text', async () => {
    const stream = await client.responses.create({ model: 'Echo', input: 'Stream this reply to me please', stream: true })
    const types: string[] = []
    const sequence: number[] = []
    let deltas = ''
    let completed: OpenAI.Responses.Response | undefined
    for await (const event of stream) {
      types.push(event.type)
      sequence.push(event.sequence_number)
      if (event.type === 'response.output_text.delta') deltas += event.delta
      if (event.type === 'response.completed') completed = event.response
    }
    expect(types[0]).toBe('response.created')
    expect(types[1]).toBe('response.in_progress')
    expect(types.slice(2, 4)).toEqual(['response.output_item.added', 'response.content_part.added'])
    expect(types.slice(-4)).toEqual(['response.output_text.done', 'response.content_part.done', 'response.output_item.done', 'response.completed'])
    expect(sequence).toEqual(sequence.map((_, index) => index))
    expect(deltas).toBe('Demo reply: Stream this reply to me please')
    expect(completed?.output_text).toBe(deltas)

    // A client that goes away leaves the run to finish: its reply is stored in the conversation.
    const abandoned = await client.responses.create({ model: 'Echo', input: 'Finish without me', stream: true })
    let abandonedId = ''
    for await (const event of abandoned) {
      if (event.type === 'response.created') abandonedId = event.response.id
      break
    }
    const run = await waitFor(async () => {
      const row = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runIdOfResponse(abandonedId) } })
      return row.status === 'succeeded' || row.status === 'failed' || row.status === 'cancelled' ? row : undefined
    })
    expect(run).toMatchObject({ status: 'succeeded', outputs: ['Demo reply: Finish without me'] })

    // The package's own stream helper checks every item's identity from added to completed.
    const final = await client.responses.stream({ model: 'Echo', input: 'Once more' }).finalResponse()
    expect(final.output_text).toBe('Demo reply: Once more')
  })

  it('continues a conversation by previous_response_id and by conversation, each reply seeing what came before', async () => {
    const first = await client.responses.create({ model: 'agent:Echo', input: 'My name is Ada' })
    const second = await client.responses.create({ model: 'agent:Echo', input: 'What is my name?', previous_response_id: first.id })
    const conversationId = (first as unknown as { conversation: { id: string } }).conversation.id
    expect(second).toMatchObject({ status: 'completed', previous_response_id: first.id, conversation: { id: conversationId } })
    // The demo model counts every message it is sent: the second turn was sent the first one too.
    expect(second.usage!.input_tokens).toBeGreaterThan(first.usage!.input_tokens + 4)

    const third = await client.responses.create({ model: 'agent:Echo', input: 'And again', conversation: conversationId })
    expect(third).toMatchObject({ output_text: 'Demo reply: And again', conversation: { id: conversationId } })
    const stored = await conversation(conversationId)
    expect(stored.messageCount).toBe(6)
    expect(stored.turns.map((turn) => turn.text)).toEqual(['My name is Ada', 'What is my name?', 'And again'])

    await expect(client.responses.create({ model: 'agent:Careful counter', input: 'x', previous_response_id: first.id })).rejects.toMatchObject({
      status: 400,
      code: 'model_mismatch',
    })
  })

  it('runs a workflow by name and version, and refuses to continue one', async () => {
    const v1 = await client.responses.create({ model: 'workflow:Pipeline@1', input: 'plain' })
    expect(v1).toMatchObject({ status: 'completed', output_text: 'plain', conversation: null })
    const latest = await client.responses.create({ model: 'workflow:Pipeline', input: 'plain' })
    expect(latest.output_text).toBe('Demo reply: plain')
    await expect(client.responses.create({ model: 'workflow:Pipeline@9', input: 'plain' })).rejects.toBeInstanceOf(OpenAI.NotFoundError)
    const refused = client.responses.create({ model: 'workflow:Pipeline', input: 'more', previous_response_id: v1.id })
    await expect(refused).rejects.toBeInstanceOf(OpenAI.BadRequestError)
    await expect(refused).rejects.toMatchObject({ code: 'continuation_not_supported', param: 'previous_response_id' })
  })

  it('stops at an approval with an incomplete response naming it, and refuses a second turn meanwhile', async () => {
    const parked = await client.responses.create({ model: 'agent:Careful counter', input: '/call word_count {"text":"a b"}' })
    expect(parked.status).toBe('incomplete')
    const approval = await app.db.prisma.approvalRequest.findFirstOrThrow({ where: { status: 'pending', runId: runIdOfResponse(parked.id) } })
    expect(parked.incomplete_details?.reason).toContain(approval.id)
    // The call waiting for its approval runs on the server once answered: it is no function_call for the client to run.
    expect(parked.output.map((item) => item.type)).not.toContain('function_call')
    expect((parked as unknown as ResponseObject).agentloom.tool_calls).toEqual([
      expect.objectContaining({ name: 'word_count', arguments: '{"text":"a b"}', output: null, status: 'in_progress' }),
    ])
    await expect(client.responses.create({ model: 'agent:Careful counter', input: 'next', previous_response_id: parked.id })).rejects.toBeInstanceOf(
      OpenAI.ConflictError,
    )
  })

  it('with store: false, answers in this process and stores nothing: no run, conversation, event or message', async () => {
    const rows = async () =>
      Promise.all([app.db.prisma.run.count(), app.db.prisma.runEvent.count(), app.db.prisma.conversation.count(), app.db.prisma.chatMessage.count()])
    const before = await rows()
    const stored = await client.responses.create({ model: 'agent:Echo', input: 'Hello there' })
    const afterStored = await rows()
    const unstored = await client.responses.create({ model: 'agent:Echo', input: 'Hello there', store: false, instructions: 'Use five words at most.' })
    expect(unstored).toMatchObject({ status: 'completed', output_text: 'Demo reply: Hello there', conversation: null, instructions: 'Use five words at most.' })
    expect(unstored.id).toMatch(/^resp_[0-9a-f]{32}$/)
    // The same turn as a stored one (the agent's instructions and these five words were sent), with nothing written.
    expect(unstored.usage!.input_tokens).toBe(stored.usage!.input_tokens + 5)
    const streamed = await client.responses.create({ model: 'Echo', input: 'Stream it unstored', store: false, stream: true })
    let deltas = ''
    let completed: OpenAI.Responses.Response | undefined
    for await (const event of streamed) {
      if (event.type === 'response.output_text.delta') deltas += event.delta
      if (event.type === 'response.completed') completed = event.response
    }
    expect(deltas).toBe('Demo reply: Stream it unstored')
    expect(completed?.output_text).toBe(deltas)
    expect(await rows()).toEqual(afterStored)
    expect(afterStored).not.toEqual(before)

    // A client that keeps the conversation itself sends it again: the agent is sent the earlier messages too.
    const alone = await client.responses.create({ model: 'agent:Echo', input: 'What is my name?', store: false })
    const withHistory = await client.responses.create({
      model: 'agent:Echo',
      store: false,
      input: [
        { role: 'user', content: 'My name is Ada' },
        { role: 'assistant', content: 'Demo reply: My name is Ada' },
        { role: 'user', content: 'What is my name?' },
      ],
    })
    expect(withHistory.output_text).toBe('Demo reply: What is my name?')
    expect(withHistory.usage!.input_tokens).toBeGreaterThan(alone.usage!.input_tokens + 8)

    // Nothing to find or continue by its id; and no conversation is read or kept with store: false.
    await expect(client.responses.create({ model: 'agent:Echo', input: 'more', previous_response_id: unstored.id })).rejects.toBeInstanceOf(
      OpenAI.NotFoundError,
    )
    const continued = client.responses.create({ model: 'agent:Echo', input: 'more', previous_response_id: stored.id, store: false })
    await expect(continued).rejects.toMatchObject({ status: 400, code: 'continuation_not_supported', param: 'previous_response_id' })
    // A workflow's run is always stored; an agent that asks a person cannot wait unstored, and says so.
    await expect(client.responses.create({ model: 'workflow:Pipeline', input: 'x', store: false })).rejects.toMatchObject({
      status: 400,
      code: 'store_not_supported',
      param: 'store',
    })
    const asks = await client.responses.create({ model: 'agent:Careful counter', input: '/call word_count {"text":"a b"}', store: false })
    expect(asks.status).toBe('failed')
    expect(asks.error?.message).toContain('store: false cannot wait for')
    expect(await rows()).toEqual(afterStored)
    // Someone else's agent is as missing unstored as stored.
    await expect(clientFor(other).responses.create({ model: 'agent:Echo', input: 'hi', store: false })).rejects.toBeInstanceOf(OpenAI.NotFoundError)
  })

  it('answers errors in OpenAI’s shape, which the package turns into its error classes', async () => {
    const unknown = client.responses.create({ model: 'agent:Nobody', input: 'hi' })
    await expect(unknown).rejects.toBeInstanceOf(OpenAI.NotFoundError)
    await expect(unknown).rejects.toMatchObject({ status: 404, type: 'not_found_error', param: 'model', code: 'not_found' })
    expect((await client.responses.create({ model: 'agent:Echo@1', input: 'hi' })).status).toBe('completed')
    // A version the agent does not have, stored or not: the model's 404, saying which version.
    for (const store of [true, false]) {
      const missing = client.responses.create({ model: 'agent:Echo@2', input: 'hi', store })
      await expect(missing).rejects.toBeInstanceOf(OpenAI.NotFoundError)
      await expect(missing).rejects.toMatchObject({ param: 'model', message: expect.stringContaining('has no version 2') })
    }

    await expect(clientFor(null, { defaultHeaders: { Authorization: null } }).responses.create({ model: 'Echo', input: 'hi' })).rejects.toBeInstanceOf(
      OpenAI.AuthenticationError,
    )
    await expect(clientFor(null).responses.create({ model: 'Echo', input: 'hi' })).rejects.toBeInstanceOf(OpenAI.AuthenticationError)

    const bad = client.responses.create({ model: 'Echo', input: [{ role: 'user', content: [{ type: 'input_image', image_url: 'x', detail: 'auto' }] }] })
    await expect(bad).rejects.toBeInstanceOf(OpenAI.BadRequestError)
    await expect(bad).rejects.toMatchObject({ type: 'invalid_request_error', param: expect.stringMatching(/^input/) })

    // Another member's agent is the same 404 as one that does not exist.
    await expect(clientFor(other).responses.create({ model: 'agent:Echo', input: 'hi' })).rejects.toBeInstanceOf(OpenAI.NotFoundError)
  })
})
