/**
 * `/mcp` for a workflow whose start node declares input fields, with the SDK's client: the tool's
 * inputSchema is the declared JSON Schema, arguments that do not match are the tool's error in
 * words, and matching ones run the workflow with them as its input.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as workflowRoute from '@/app/api/workflows/[id]/route'
import { graph } from '@/lib/graph/testing/graph-builder'
import { RunWorker } from '../runs/execution/run-worker'
import { callRoute, createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { WorkflowService } from '../workflows/workflow-service'
import { handleMcpRequest } from './mcp-endpoint-handler'

const topicGraph = graph()
  .start('start', {
    inputFields: [
      { name: 'topic', type: 'string', description: 'What to write about' },
      { name: 'tone', type: 'enum', options: ['plain', 'warm'], required: false },
    ],
  })
  .node('about', 'transform', { expression: '"About " + input.topic' })
  .output()
  .chain('start', 'about', 'output')
  .build()

describe('/mcp with a declared start input', () => {
  let app: TestApp
  let worker: RunWorker
  let client: Client

  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    worker = new RunWorker(app, { concurrency: 1 })
    await worker.start()
    const { workflow } = await new WorkflowService(app.db.prisma).create(principalOf(app.admin), { name: 'Write about', graph: topicGraph })
    const offered = await callRoute(workflowRoute.PATCH, { method: 'PATCH', params: { id: workflow.id }, body: { mcpTool: { offered: true } } })
    expect(offered.status).toBe(200)
    client = new Client({ name: 'declared-input-test', version: '1.0.0' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
        requestInit: { headers: { authorization: `Bearer ${app.admin.token}` } },
        fetch: async (url, init) => handleMcpRequest(new Request(url, init)),
      }),
    )
  })

  afterAll(async () => {
    await client?.close()
    await worker?.stop()
    await app?.close()
  })

  it('lists the declared JSON Schema as the tool input schema', async () => {
    const { tools } = await client.listTools()
    expect(tools.find((tool) => tool.name === 'write_about')?.inputSchema).toEqual({
      type: 'object',
      properties: { topic: { type: 'string', description: 'What to write about' }, tone: { type: 'string', enum: ['plain', 'warm'] } },
      required: ['topic'],
      additionalProperties: false,
    })
  })

  it('refuses arguments that do not match, in words, and runs with ones that do', async () => {
    const bad = await client.callTool({ name: 'write_about', arguments: { input: 'bees', tone: 'loud' } })
    expect(bad.isError).toBe(true)
    const text = JSON.stringify(bad.content)
    expect(text).toContain('Invalid arguments for tool write_about')
    expect(text).toContain('\\"topic\\" is required.')
    expect(text).toContain('\\"tone\\" must be one of \\"plain\\", \\"warm\\".')
    expect(text).toContain('Not an input of this workflow: \\"input\\".')

    const good = await client.callTool({ name: 'write_about', arguments: { topic: 'bees', tone: 'warm' } })
    expect(good.isError).toBeFalsy()
    expect(good.content).toEqual([{ type: 'text', text: 'About bees' }])
  })
})
