/**
 * Each setting of an MCP server, saved through the registry and used by a run's connection to a
 * real SDK server: allowed tools and extra argument names (what the server receives), the sampling
 * policy (automatic approvals within caps, refusals or a person beyond them, "the rest of this
 * run"), and task options (what the task lifecycle asks of the server).
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { McpServerSettingsInput } from '@/lib/contracts/mcp-server-settings'
import type { MCPTool } from '@/lib/core'
import { createRecordingServer, declaredTool, recordingServerState, startHttpFixture, type HttpFixture } from '@/lib/core/mcp/testing'
import { modelResponse, ScriptedChatClient } from '@/lib/core/testing'
import { hostMcpOverHttp, type McpHttpHost } from '../testing/mcp-http-host'
import { createTestApp, principalOf } from '../testing/test-app'
import { waitFor } from '../testing/wait-for'
import { closeMcpServers, connectMcpServers, type RunMcpContext } from './mcp-connections'
import { McpServerRegistry } from './mcp-server-registry'

/** Asks the client's model for a completion of `maxTokens`, and answers with its text or the refusal. */
function samplingServer(): McpServer {
  const server = new McpServer({ name: 'asking', version: '1.0.0' })
  server.registerTool('ask', { inputSchema: { question: z.string(), maxTokens: z.number() } }, async ({ question, maxTokens }) => {
    try {
      const result = await server.server.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: question } }], maxTokens })
      return { content: [{ type: 'text', text: `model: ${result.content.type === 'text' ? result.content.text : ''}` }] }
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: `sampling failed: ${(error as Error).message}` }] }
    }
  })
  return server
}

describe('MCP server settings used by a run', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  let admin: ReturnType<typeof principalOf>
  let registry: McpServerRegistry
  let recordingHost: McpHttpHost
  let samplingHost: McpHttpHost
  let tasks: HttpFixture
  const recording = recordingServerState([declaredTool('echo', ['text']), declaredTool('hidden', ['x'])])
  const model = new ScriptedChatClient()
  const open: Array<Map<string, MCPTool>> = []

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    admin = principalOf(app.admin)
    registry = new McpServerRegistry(app.db.prisma, app.secrets)
    ;[recordingHost, samplingHost, tasks] = await Promise.all([
      hostMcpOverHttp(() => createRecordingServer(recording)),
      hostMcpOverHttp(samplingServer),
      startHttpFixture('task-server'),
    ])
  })

  afterAll(async () => {
    for (const tools of open) await closeMcpServers(tools)
    await Promise.all([recordingHost?.close(), samplingHost?.close(), tasks?.stop()])
    await app?.close()
  })

  async function newRun(): Promise<string> {
    const workflow = await app.db.prisma.workflow.create({ data: { name: 'w', versions: { create: { version: 1, graph: {} } } }, include: { versions: true } })
    return (await app.db.prisma.run.create({ data: { workflowId: workflow.id, versionId: workflow.versions[0].id, input: 'x' } })).id
  }

  async function save(id: string, url: string, settings: McpServerSettingsInput): Promise<void> {
    await registry.create(admin, { id, name: id, transport: 'http', config: { url }, settings })
  }

  async function connect(id: string, runId: string): Promise<MCPTool> {
    const context: RunMcpContext = { app, runId, nameOwner: { workspaceId: null, isAdmin: true }, samplingClient: model, signal: new AbortController().signal }
    const tools = await connectMcpServers([id], context)
    open.push(tools)
    return tools.get(id)!
  }

  function call(tool: MCPTool, name: string, args: Record<string, unknown>): Promise<unknown> {
    const fn = tool.functions.find((f) => f.name === `${tool.name}_${name}`)
    if (!fn) throw new Error(`no tool ${name} among ${tool.functions.map((f) => f.name).join(', ')}`)
    return fn.invoke(args)
  }

  const text = (result: unknown) => JSON.stringify(result)

  const decisions = (runId: string) =>
    app.db.prisma.approvalRequest.findMany({ where: { runId }, orderBy: { createdAt: 'asc' }, select: { status: true, response: true, kind: true } })

  it('offers only the allowed tools, and forwards the extra argument names, global and per tool', async () => {
    await save('rec', `${recordingHost.origin}/mcp`, {
      allowedTools: ['echo'],
      additionalArgumentNames: { global: ['trace_id'], perTool: { echo: ['locale'], hidden: ['secret_flag'] } },
    })
    expect((await registry.get(admin, 'rec')).settings.additionalArgumentNames.perTool.echo).toEqual(['locale'])
    const tool = await connect('rec', await newRun())
    expect(tool.functions.map((f) => f.name)).toEqual(['rec_echo'])
    await call(tool, 'echo', { text: 'hi', trace_id: 't-1', locale: 'fr', secret_flag: true, other: 'dropped' })
    expect(recording.calls.at(-1)?.arguments).toEqual({ text: 'hi', trace_id: 't-1', locale: 'fr' })
  })

  it('approves sampling automatically within the caps and refuses beyond them, recording each decision', async () => {
    await save('auto-deny', `${samplingHost.origin}/mcp`, { sampling: { mode: 'auto', maxTokensPerRequest: 500, maxRequestsPerRun: 2, beyondCaps: 'deny' } })
    const runId = await newRun()
    const tool = await connect('auto-deny', runId)
    model.enqueue(modelResponse('first'), modelResponse('second'))
    expect(text(await call(tool, 'ask', { question: 'q1', maxTokens: 100 }))).toContain('model: first')
    await expect(call(tool, 'ask', { question: 'too big', maxTokens: 501 })).rejects.toThrow(/sampling failed/)
    expect(text(await call(tool, 'ask', { question: 'q2', maxTokens: 500 }))).toContain('model: second')
    await expect(call(tool, 'ask', { question: 'one too many', maxTokens: 10 })).rejects.toThrow(/sampling failed/)
    expect(model.calls.map((c) => c.options.maxTokens)).toEqual([100, 500])
    const recorded = await decisions(runId)
    expect(recorded.map((d) => [d.status, (d.response as { automatic?: string }).automatic])).toEqual([
      ['approved', 'policy'],
      ['denied', 'policy'],
      ['approved', 'policy'],
      ['denied', 'policy'],
    ])
    expect((recorded[1].response as { reason: string }).reason).toContain('more than the 500 approved automatically')
    expect((recorded[3].response as { reason: string }).reason).toContain('already had 2 requests approved automatically')
  })

  it('asks a person beyond the caps; "approve the rest of this run" approves later requests of that run only', async () => {
    await save('auto-ask', `${samplingHost.origin}/mcp`, { sampling: { mode: 'auto', maxTokensPerRequest: 50, maxRequestsPerRun: 1, beyondCaps: 'ask' } })
    const runId = await newRun()
    const tool = await connect('auto-ask', runId)
    model.enqueue(modelResponse('asked'), modelResponse('remembered'), modelResponse('other run'))
    const asked = call(tool, 'ask', { question: 'big', maxTokens: 400 })
    const pending = await waitFor(async () => (await app.db.prisma.approvalRequest.findFirst({ where: { runId, status: 'pending' } })) ?? undefined)
    await app.approvals.answer(admin, pending.id, { decision: 'approve', approveRestOfRun: true })
    expect(text(await asked)).toContain('model: asked')
    expect(text(await call(tool, 'ask', { question: 'big again', maxTokens: 400 }))).toContain('model: remembered')
    expect((await decisions(runId)).map((d) => [d.status, (d.response as { automatic?: string }).automatic ?? 'person'])).toEqual([
      ['approved', 'person'],
      ['approved', 'rest_of_run'],
    ])
    // Another run of the same server is asked again.
    const otherRun = await newRun()
    const other = call(await connect('auto-ask', otherRun), 'ask', { question: 'big', maxTokens: 400 })
    const card = await waitFor(async () => (await app.db.prisma.approvalRequest.findFirst({ where: { runId: otherRun, status: 'pending' } })) ?? undefined)
    await app.approvals.answer(admin, card.id, { decision: 'approve' })
    expect(text(await other)).toContain('model: other run')
  })

  it('"approve the rest of this run" also approves the requests of that run already waiting beside the one answered', async () => {
    await save('rest-waiting', `${samplingHost.origin}/mcp`, {})
    const runId = await newRun()
    const tool = await connect('rest-waiting', runId)
    model.enqueue(modelResponse('one'), modelResponse('two'))
    // A model that calls two tools at once: both requests wait for a person together.
    const answers = Promise.all([call(tool, 'ask', { question: 'q1', maxTokens: 10 }), call(tool, 'ask', { question: 'q2', maxTokens: 10 })])
    const waiting = await waitFor(async () => {
      const rows = await app.db.prisma.approvalRequest.findMany({ where: { runId, status: 'pending' }, orderBy: { createdAt: 'asc' } })
      return rows.length === 2 ? rows : undefined
    })
    await app.approvals.answer(admin, waiting[0].id, { decision: 'approve', approveRestOfRun: true })
    expect(text(await answers)).toMatch(/model: one.*model: two|model: two.*model: one/)
    const recorded = await app.db.prisma.approvalRequest.findMany({ where: { runId }, select: { id: true, status: true, response: true } })
    const byPerson = recorded.find((d) => d.id === waiting[0].id)!
    const other = recorded.find((d) => d.id === waiting[1].id)!
    expect(byPerson.status).toBe('approved')
    expect(other).toMatchObject({
      status: 'approved',
      response: { automatic: 'rest_of_run', reason: "A person approved the rest of this run's requests from this server." },
    })
  })

  it('always denies when the policy says so, without asking anyone', async () => {
    await save('never', `${samplingHost.origin}/mcp`, { sampling: { mode: 'deny' } })
    const runId = await newRun()
    await expect(call(await connect('never', runId), 'ask', { question: 'q', maxTokens: 1 })).rejects.toThrow(/sampling failed/)
    expect((await decisions(runId)).map((d) => d.status)).toEqual(['denied'])
  })

  it('refuses approveRestOfRun on anything but approving a sampling request', async () => {
    await save('refuse-rest', `${samplingHost.origin}/mcp`, {})
    const runId = await newRun()
    const asked = call(await connect('refuse-rest', runId), 'ask', { question: 'q', maxTokens: 1 }).catch((error: unknown) => error)
    const pending = await waitFor(async () => (await app.db.prisma.approvalRequest.findFirst({ where: { runId, status: 'pending' } })) ?? undefined)
    await expect(app.approvals.answer(admin, pending.id, { decision: 'deny', approveRestOfRun: true })).rejects.toMatchObject({ code: 'invalid_request' })
    await app.approvals.answer(admin, pending.id, { decision: 'deny' })
    expect(String(await asked)).toContain('sampling failed')
  })

  it('asks the server for the task time to live, and gives up on a task after the maximum wait', async () => {
    await save('tasks-ttl', tasks.url, { tasks: { defaultTtlMs: 45_000, pollIntervalMs: 700 } })
    const tool = await connect('tasks-ttl', await newRun())
    expect(text(await call(tool, 'slow_report', { label: 'r1', durationMs: 50 }))).toContain('report r1 ready (ttl=45000)')
    await save('tasks-wait', tasks.url, { tasks: { maxWaitMs: 1 } })
    const impatient = await connect('tasks-wait', await newRun())
    await expect(call(impatient, 'slow_report', { label: 'r2', durationMs: 60_000 })).rejects.toThrow(/exceeded maxTaskWaitMs of 1ms/)
  })
})
