/**
 * `/mcp` with the SDK's own client over Streamable HTTP, its requests handed to the route handler
 * as Fetch requests (the same Request/Response a web process gives it), on a test database with a
 * run worker: the tools a token's person offers, calls that run workflows and agents, progress,
 * bad arguments, and runs as tasks (one cancelled, one waiting for an approval answered in the app).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { CallToolResultSchema, CreateTaskResultSchema, McpError, type Progress } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as approvalRoute from '@/app/api/approvals/[id]/route'
import * as agentRoute from '@/app/api/agents/[id]/route'
import * as workflowRoute from '@/app/api/workflows/[id]/route'
import type { GraphDocument } from '@/lib/graph'
import { AgentService } from '../agents/agent-service'
import { RunWorker } from '../runs/run-worker'
import { callRoute, createTestApp, principalOf, type TestApp, type TestUser } from '../testing/test-app'
import { waitFor } from '../testing/wait-for'
import { WorkflowService } from '../workflows/workflow-service'
import { handleMcpRequest } from './mcp-endpoint-handler'

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
    await offerWorkflow(other, 'Echo text!', echoGraph, { offered: true })
    const { agent } = await new AgentService(app.db.prisma, app.secrets).create(principalOf(app.admin), {
      name: 'Helper',
      description: 'Answers questions.',
      definition: { name: 'Helper', instructions: 'Help.', model: { provider: 'demo' } } as never,
    })
    const patched = await callRoute(agentRoute.PATCH, { method: 'PATCH', params: { id: agent.id }, body: { mcpTool: { offered: true } } })
    expect(patched.body.agent.mcpTool).toEqual({ name: 'helper' })
  }, 60_000)

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
    expect(tools.map((tool) => tool.name)).toEqual(['ask_colour', 'echo_text', 'helper'])
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
    expect(progress.map((p) => p.progress)).toEqual(progress.map((_, i) => i + 1))
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
    expect(await app.db.prisma.run.count({ where: { sessionId: conversation_id, status: 'succeeded' } })).toBe(2)
  })

  it('runs a workflow as a task that waits for an approval answered in the app, then completes', async () => {
    const client = await connect(app.admin)
    const { task } = await client.request(
      { method: 'tools/call', params: { name: 'ask_colour', arguments: { input: 'draft' }, task: { ttl: 60_000 } } },
      CreateTaskResultSchema,
    )
    expect(task.status).toBe('working')
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
