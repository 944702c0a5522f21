/**
 * `/mcp` with the SDK's own client over Streamable HTTP, its requests handed to the route handler
 * as Fetch requests (the same Request/Response a web process gives it), on a test database with a
 * run worker: the tools a token's person offers, calls that run workflows and agents, progress,
 * bad arguments, and runs as tasks (one cancelled, one waiting for an approval answered in the app,
 * one sending its progress while tasks/result waits), listed per person a page at a time.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  McpError,
  RELATED_TASK_META_KEY,
  TaskStatusNotificationSchema,
  type Progress,
  type TaskStatusNotification,
} from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as approvalRoute from '@/app/api/approvals/[id]/route'
import * as agentRoute from '@/app/api/agents/[id]/route'
import * as workflowRoute from '@/app/api/workflows/[id]/route'
import type { GraphDocument } from '@/lib/graph'
import { AgentService } from '../agents/agent-service'
import { RunWorker } from '../runs/execution/run-worker'
import { callRoute, createTestApp, principalOf, type TestApp, type TestUser } from '../testing/test-app'
import { waitFor } from '../testing/wait-for'
import { WorkflowService } from '../workflows/workflow-service'
import { handleMcpRequest } from './mcp-endpoint-handler'
import { TASK_LIST_PAGE_SIZE } from './task-list'

const MCP_URL = 'http://localhost/mcp'
const fixture = (name: string) => JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'cli', '__fixtures__', name), 'utf8')) as GraphDocument
const echoGraph: GraphDocument = {
  schemaVersion: 1,
  nodes: [
    { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: { inputDescription: 'Any text; it comes back as it is.' } },
    { id: 'output', kind: 'output', position: { x: 300, y: 0 }, data: {} },
  ],
  edges: [{ id: 'e0', source: 'start', target: 'output' }],
} as unknown as GraphDocument
/** Asks a person, then works on the answer in two more named steps. */
const askThenShoutGraph: GraphDocument = {
  schemaVersion: 1,
  nodes: [
    { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'ask', kind: 'human_input', position: { x: 300, y: 0 }, data: { label: 'Ask for a colour', prompt: 'Which colour?' } },
    { id: 'shout', kind: 'transform', position: { x: 600, y: 0 }, data: { label: 'Shout', expression: 'input + "!"' } },
    { id: 'output', kind: 'output', position: { x: 900, y: 0 }, data: { label: 'Answer' } },
  ],
  edges: [
    { id: 'e0', source: 'start', target: 'ask' },
    { id: 'e1', source: 'ask', target: 'shout' },
    { id: 'e2', source: 'shout', target: 'output' },
  ],
} as unknown as GraphDocument

describe('the MCP endpoint', () => {
  let app: TestApp
  let worker: RunWorker
  let other: TestUser
  const clients: Client[] = []

  async function connect(user: TestUser): Promise<Client> {
    const client = new Client({ name: 'mcp-endpoint-test', version: '1.0.0' })
    const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
      requestInit: { headers: { authorization: `Bearer ${user.token}` } },
      fetch: async (url, init) => handleMcpRequest(new Request(url, init)),
    })
    await client.connect(transport)
    clients.push(client)
    return client
  }

  async function offerWorkflow(user: TestUser, name: string, graph: GraphDocument, mcpTool: { offered: boolean; name?: string }) {
    const { workflow } = await new WorkflowService(app.db.prisma).create(principalOf(user), { name, graph })
    const patched = await callRoute(workflowRoute.PATCH, { method: 'PATCH', params: { id: workflow.id }, body: { mcpTool }, as: user })
    expect(patched.status).toBe(200)
    return patched.body.workflow as { id: string; mcpTool: { name: string } | null }
  }

  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    other = await app.addUser()
    worker = new RunWorker(app, { concurrency: 2 })
    await worker.start()
    await offerWorkflow(app.admin, 'Echo text!', echoGraph, { offered: true })
    await offerWorkflow(app.admin, 'Ask a colour', fixture('human-input.json'), { offered: true, name: 'ask_colour' })
    await offerWorkflow(app.admin, 'Not offered', echoGraph, { offered: false })
    await offerWorkflow(app.admin, 'Colour shout', askThenShoutGraph, { offered: true })
    await offerWorkflow(other, 'Echo text!', echoGraph, { offered: true })
    const { agent } = await new AgentService(app.db.prisma, app.secrets).create(principalOf(app.admin), {
      name: 'Helper',
      description: 'Answers questions.',
      definition: { name: 'Helper', instructions: 'Help.', model: { provider: 'demo' } } as never,
    })
    const patched = await callRoute(agentRoute.PATCH, { method: 'PATCH', params: { id: agent.id }, body: { mcpTool: { offered: true } } })
    expect(patched.body.agent.mcpTool).toEqual({ name: 'helper' })
  })

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await worker?.stop()
    await app?.close()
  })

  it('takes only an API token: 401 without one, or with a bad one', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    }
    const post = (headers: Record<string, string>) =>
      handleMcpRequest(
        new Request(MCP_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
          body: JSON.stringify(initialize),
        }),
      )
    const none = await post({})
    expect(none.status).toBe(401)
    expect(none.headers.get('www-authenticate')).toBe('Bearer')
    expect((await post({ authorization: 'Bearer al_not-a-token' })).status).toBe(401)
    expect((await post({ authorization: `Bearer ${app.admin.token}` })).status).toBe(200)
  })

  it("lists the token's person's offered workflows and agents, with their start's input schema", async () => {
    const { tools } = await (await connect(app.admin)).listTools()
    expect(tools.map((tool) => tool.name)).toEqual(['ask_colour', 'colour_shout', 'echo_text', 'helper'])
    const echo = tools.find((tool) => tool.name === 'echo_text')!
    expect(echo).toMatchObject({
      title: 'Echo text!',
      execution: { taskSupport: 'optional' },
      inputSchema: { type: 'object', required: ['input'], properties: { input: { type: 'string', description: 'Any text; it comes back as it is.' } } },
    })
    expect(tools.find((tool) => tool.name === 'helper')).toMatchObject({ description: 'Answers questions.', inputSchema: { required: ['message'] } })
    expect((await (await connect(other)).listTools()).tools.map((tool) => tool.name)).toEqual(['echo_text'])
  })

  it('calls a workflow tool: its output as the result, progress per superstep and executor on the way', async () => {
    const client = await connect(app.admin)
    const progress: Progress[] = []
    const result = await client.callTool({ name: 'echo_text', arguments: { input: 'hello there' } }, undefined, { onprogress: (p) => void progress.push(p) })
    expect(result.isError).toBeFalsy()
    expect(result.content).toEqual([{ type: 'text', text: 'hello there' }])
    const messages = progress.map((p) => p.message)
    expect(messages).toEqual(expect.arrayContaining(['Superstep 1', 'Running start', 'Running output']))
    expect(progress.map((p) => p.progress)).toEqual(progress.map((p) => p.progress).toSorted((a, b) => a - b))
    expect(new Set(progress.map((p) => p.progress)).size).toBe(progress.length)
  })

  it('answers bad arguments with a tool error the caller can correct, and an unknown tool with InvalidParams', async () => {
    const client = await connect(app.admin)
    const bad = await client.callTool({ name: 'echo_text', arguments: { text: 'wrong name' } })
    expect(bad.isError).toBe(true)
    expect(JSON.stringify(bad.content)).toContain('Invalid arguments for tool echo_text')
    const unknown = await client.callTool({ name: 'echo_text_2', arguments: {} }).catch((error: unknown) => error)
    expect(unknown).toBeInstanceOf(McpError)
    expect((unknown as McpError).code).toBe(-32602)
    // Another person's tool is unknown here too.
    expect(
      (await (await connect(other)).callTool({ name: 'helper', arguments: { message: 'hi' } }).catch((error: unknown) => error)) as McpError,
    ).toBeInstanceOf(McpError)
  })

  it('calls an agent tool: its answer with the conversation to continue', async () => {
    const client = await connect(app.admin)
    await client.listTools() // the client checks structured content against the listed output schema
    const first = await client.callTool({ name: 'helper', arguments: { message: 'Hello' } })
    expect(first.isError).toBeFalsy()
    const { output, conversation_id } = first.structuredContent as { output: string; conversation_id: string }
    expect(output.length).toBeGreaterThan(0)
    const second = await client.callTool({ name: 'helper', arguments: { message: 'Again', conversation_id } })
    expect((second.structuredContent as { conversation_id: string }).conversation_id).toBe(conversation_id)
    expect(await app.db.prisma.run.count({ where: { conversationId: conversation_id, status: 'succeeded' } })).toBe(2)
  })

  it('runs a workflow as a task that waits for an approval answered in the app, then completes', async () => {
    const client = await connect(app.admin)
    const { task } = await client.request(
      { method: 'tools/call', params: { name: 'ask_colour', arguments: { input: 'draft' }, task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    )
    // The task's status as the call returns: on a loaded machine the worker may already have reached the approval.
    expect(['working', 'input_required']).toContain(task.status)
    const waiting = await waitFor(async () => {
      const current = await client.experimental.tasks.getTask(task.taskId)
      return current.status === 'input_required' ? current : undefined
    })
    expect(waiting.statusMessage).toBe("Waiting for the approval 'Which colour?': answer it in Agentloom at http://localhost/approvals")
    const approval = await app.db.prisma.approvalRequest.findFirstOrThrow({ where: { runId: task.taskId, status: 'pending' } })
    const answered = await callRoute(approvalRoute.POST, { params: { id: approval.id }, body: { decision: 'approve', content: { text: 'blue' } } })
    expect(answered.status).toBe(200)
    const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema)
    expect(result.content).toEqual([{ type: 'text', text: 'blue' }])
    expect((await client.experimental.tasks.getTask(task.taskId)).status).toBe('completed')
    // Someone else's client cannot see it.
    expect(await (await connect(other)).experimental.tasks.getTask(task.taskId).catch((error: unknown) => error)).toBeInstanceOf(McpError)
  })

  it('cancels the run of a task the client cancels', async () => {
    const client = await connect(app.admin)
    const { task } = await client.request(
      { method: 'tools/call', params: { name: 'ask_colour', arguments: { input: 'draft' }, task: {} } },
      CreateTaskResultSchema,
    )
    await waitFor(async () => ((await client.experimental.tasks.getTask(task.taskId)).status === 'input_required' ? true : undefined))
    const cancelled = await client.experimental.tasks.cancelTask(task.taskId)
    expect(cancelled.status).toBe('cancelled')
    expect((await app.db.prisma.run.findUniqueOrThrow({ where: { id: task.taskId } })).status).toBe('cancelled')
    const result = await client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema)
    expect(result.isError).toBe(true)
    await expect(client.experimental.tasks.cancelTask(task.taskId)).rejects.toThrow(/terminal status/)
  })

  it("sends a task's progress and status on the stream of tasks/result while it waits, and says in tasks/get where the run is", async () => {
    const client = await connect(app.admin)
    const progress: Progress[] = []
    // Where the MCP SDK's client hears of a task's status changes.
    const statuses: TaskStatusNotification['params'][] = []
    client.setNotificationHandler(TaskStatusNotificationSchema, (notification) => void statuses.push(notification.params))
    let resolveFirst: () => void = () => {}
    const firstProgress = new Promise<void>((resolve) => (resolveFirst = resolve))
    const { task } = await client.request(
      { method: 'tools/call', params: { name: 'colour_shout', arguments: { input: 'draft' }, task: {} } },
      CreateTaskResultSchema,
      {
        onprogress: (p) => {
          progress.push(p)
          resolveFirst()
        },
      },
    )
    const waiting = await waitFor(async () => {
      const current = await client.experimental.tasks.getTask(task.taskId)
      return current.status === 'input_required' ? current : undefined
    })
    expect(waiting.statusMessage).toBe("Waiting for the approval 'Which colour?': answer it in Agentloom at http://localhost/approvals")
    expect(progress).toEqual([]) // the call that started it returned at once: nothing was open to send progress on

    const result = client.experimental.tasks.getTaskResult(task.taskId, CallToolResultSchema)
    // tasks/result first says where the run is, so the approval is answered only once it is listening.
    await firstProgress
    const approval = await app.db.prisma.approvalRequest.findFirstOrThrow({ where: { runId: task.taskId, status: 'pending' } })
    await callRoute(approvalRoute.POST, { params: { id: approval.id }, body: { decision: 'approve', content: { text: 'blue' } } })
    expect((await result).content).toEqual([{ type: 'text', text: 'blue!' }])

    expect(progress.map((p) => p.message)).toEqual([
      "Waiting for the approval 'Which colour?': answer it in Agentloom at http://localhost/approvals",
      // The run resumes the superstep that asked, with the answer.
      'Superstep 2',
      'Running Ask for a colour',
      'Done: Ask for a colour',
      'Superstep 3',
      'Running Shout',
      'Done: Shout',
      'Superstep 4',
      'Running Answer',
      'Done: Answer',
    ])
    const values = progress.map((p) => p.progress)
    expect(values).toEqual(values.toSorted((a, b) => a - b))
    expect(new Set(values).size).toBe(values.length)
    // The SDK hands on the params as they came (the Progress type leaves _meta out).
    for (const p of progress) expect((p as { _meta?: Record<string, unknown> })._meta?.[RELATED_TASK_META_KEY]).toEqual({ taskId: task.taskId })
    expect((await client.experimental.tasks.getTask(task.taskId)).statusMessage).toBeUndefined()

    // The status as tasks/result began to wait (before its first progress), then each change to the end. Whether the
    // run was seen working between the answer and its end depends on how soon it ended, so that one is not required.
    expect(statuses[0]).toMatchObject({ taskId: task.taskId, status: 'input_required', statusMessage: waiting.statusMessage })
    expect(statuses.at(-1)).toMatchObject({ taskId: task.taskId, status: 'completed' })
    expect(statuses.map((s) => s.status)).toEqual(statuses.length === 3 ? ['input_required', 'working', 'completed'] : ['input_required', 'completed'])
    for (const s of statuses) expect(s._meta?.[RELATED_TASK_META_KEY]).toEqual({ taskId: task.taskId })
  })

  it("names the steps running in the run's latest superstep in tasks/get", async () => {
    // A run stopped mid-superstep, its events written as a worker writes them (no worker takes a run that is not queued).
    const [workflow] = await app.db.prisma.workflow.findMany({ where: { ownerId: app.admin.id, name: 'Colour shout' }, include: { versions: true } })
    const run = await app.db.prisma.run.create({
      data: { workflowId: workflow.id, versionId: workflow.versions[0].id, ownerId: app.admin.id, status: 'running', input: 'x', mcpTask: true },
    })
    const events: [string, object][] = [
      ['run_started', {}],
      ['superstep_started', { iteration: 1 }],
      ['executor_invoked', { executorId: 'start' }],
      ['executor_completed', { executorId: 'start' }],
      ['superstep_started', { iteration: 2 }],
      ['executor_invoked', { executorId: 'shout' }],
      ['executor_invoked', { executorId: 'output' }],
      ['executor_completed', { executorId: 'output' }],
    ]
    await app.db.prisma.runEvent.createMany({ data: events.map(([type, data], i) => ({ runId: run.id, sequence: i + 1, type, data })) })
    const client = await connect(app.admin)
    expect(await client.experimental.tasks.getTask(run.id)).toMatchObject({ status: 'working', statusMessage: 'Superstep 2: running Shout' })
    await app.db.prisma.run.update({ where: { id: run.id }, data: { status: 'cancelled' } })
  })

  it("lists the person's runs started as tasks, newest first, not another person's nor calls that were not tasks", async () => {
    const otherClient = await connect(other)
    const { task: othersTask } = await otherClient.request(
      { method: 'tools/call', params: { name: 'echo_text', arguments: { input: 'mine' }, task: {} } },
      CreateTaskResultSchema,
    )
    const { tasks, nextCursor } = await (await connect(app.admin)).experimental.tasks.listTasks()
    expect(nextCursor).toBeUndefined()
    const expected = await app.db.prisma.run.findMany({ where: { ownerId: app.admin.id, mcpTask: true }, orderBy: { createdAt: 'desc' } })
    expect(expected.length).toBeGreaterThanOrEqual(4)
    expect(tasks.map((task) => task.taskId)).toEqual(expected.map((run) => run.id))
    expect(tasks.map((task) => task.taskId)).not.toContain(othersTask.taskId)
    // The approval test's, the cancelled one, the progress test's and the stopped one, oldest last.
    expect(tasks.map((task) => task.status).toReversed()).toEqual(['completed', 'cancelled', 'completed', 'cancelled'])
    // Synchronous calls ran workflows too, but not as tasks.
    expect(await app.db.prisma.run.count({ where: { ownerId: app.admin.id, mcpTask: false } })).toBeGreaterThan(0)
    expect((await otherClient.experimental.tasks.listTasks()).tasks.map((task) => task.taskId)).toEqual([othersTask.taskId])
  })

  it('pages tasks/list with an opaque cursor, and refuses a cursor it did not give', async () => {
    const person = await app.addUser()
    const { workflow } = await new WorkflowService(app.db.prisma).create(principalOf(person), { name: 'Many', graph: echoGraph })
    // Two pages and a bit; runs made at the same moment in pairs, so the order needs the id too.
    const count = TASK_LIST_PAGE_SIZE * 2 + 3
    const base = Date.parse('2026-01-01T00:00:00Z')
    await app.db.prisma.run.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        workflowId: workflow.id,
        ownerId: person.id,
        status: 'succeeded' as const,
        input: `n${i}`,
        mcpTask: true,
        createdAt: new Date(base + Math.floor(i / 2) * 1000),
      })),
    })
    const client = await connect(person)
    const seen: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = await client.experimental.tasks.listTasks(cursor)
      seen.push(...page.tasks.map((task) => task.taskId))
      cursor = page.nextCursor
      pages++
    } while (cursor !== undefined)
    expect(pages).toBe(3)
    const expected = await app.db.prisma.run.findMany({ where: { ownerId: person.id }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true } })
    expect(seen).toEqual(expected.map((run) => run.id))
    const bad = await client.experimental.tasks.listTasks('not-a-cursor').catch((error: unknown) => error)
    expect(bad).toBeInstanceOf(McpError)
    expect((bad as McpError).code).toBe(-32602)
  })

  it('keeps tool names valid and unique per person', async () => {
    const [echo] = await app.db.prisma.workflow.findMany({ where: { ownerId: app.admin.id, name: 'Not offered' } })
    const taken = await callRoute(workflowRoute.PATCH, { method: 'PATCH', params: { id: echo.id }, body: { mcpTool: { offered: true, name: 'helper' } } })
    expect(taken.status).toBe(409)
    expect(taken.body.error.code).toBe('mcp_tool_name_taken')
    const invalid = await callRoute(workflowRoute.PATCH, { method: 'PATCH', params: { id: echo.id }, body: { mcpTool: { offered: true, name: 'has space' } } })
    expect(invalid.status).toBe(400)
    const numbered = await callRoute(workflowRoute.PATCH, {
      method: 'PATCH',
      params: { id: echo.id },
      body: { name: 'Echo text!', mcpTool: { offered: true } },
    })
    expect(numbered.body.workflow.mcpTool).toEqual({ name: 'echo_text_2' })
    const off = await callRoute(workflowRoute.PATCH, { method: 'PATCH', params: { id: echo.id }, body: { mcpTool: { offered: false } } })
    expect(off.body.workflow.mcpTool).toBeNull()
  })
})
