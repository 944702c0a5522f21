/**
 * A run end to end without a browser: the worker claims the queued run of the seeded example
 * workflow, the agent (demo model) calls the example MCP server over stdio, the server asks for
 * sampling, the approval waits in Postgres, a person's answer resumes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asKnownRunEvent } from '@/lib/contracts/run-events'
import { exampleWorkflowDocument, type GraphDocument } from '@/lib/graph'
import { EXAMPLE_WORKFLOW_ID } from '../../seed'
import { startRecordingHttpServer } from '../../testing/recording-http-server'
import { WorkflowService } from '../../workflows/workflow-service'
import { RunService } from '../run-service'
import { RunWorker } from './run-worker'
import { createTestApp, principalOf } from '../../testing/test-app'
import { waitFor, waitForRunEnd } from '../../testing/wait-for'

const CALL = '/call research-assistant_summarize_topic {"topic":"tidal energy"}'

/** start → the given node → output: the shape most of these runs need. */
function startThrough(node: { id: string; kind: string; data: Record<string, unknown> }): GraphDocument {
  return {
    schemaVersion: 1,
    nodes: [
      { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
      { ...node, position: { x: 200, y: 0 } },
      { id: 'output', kind: 'output', position: { x: 400, y: 0 }, data: {} },
    ],
    edges: [
      { id: 'a', source: 'start', target: node.id },
      { id: 'b', source: node.id, target: 'output' },
    ],
  } as GraphDocument
}

describe('RunWorker with the example workflow', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  let worker: RunWorker
  let runs: RunService

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    worker = new RunWorker(app, { concurrency: 2 })
    await worker.start()
    runs = new RunService(app)
  })
  afterAll(async () => {
    await worker?.stop()
    await app?.close()
  })

  const pendingApproval = (runId: string) => waitFor(async () => (await app.approvals.list(principalOf(app.admin), { status: 'pending', runId }))[0])
  const finished = (runId: string) => waitForRunEnd({ get: (id) => runs.get(principalOf(app.admin), id) }, app.events, runId)
  /** Every event the run wrote is of a type the run-event contract knows, with data of that type's shape. */
  const expectKnownEvents = async (runId: string) => expect((await app.events.listAfter(runId)).filter((event) => !asKnownRunEvent(event))).toEqual([])

  it('pauses for the sampling approval and finishes with the sampled text after Approve', async () => {
    const run = await runs.create(principalOf(app.admin), { workflowId: EXAMPLE_WORKFLOW_ID, input: CALL })
    const approval = await pendingApproval(run.id)
    expect(approval).toMatchObject({ kind: 'sampling', source: 'research-assistant', payload: { maxTokens: 300, maxTokensCap: 300 } })
    expect(JSON.stringify(approval.payload)).toContain('tidal energy')
    expect((await runs.get(principalOf(app.admin), run.id)).run.status).toBe('waiting')
    await app.approvals.answer(principalOf(app.admin), approval.id, { decision: 'approve', maxTokens: 100 })
    const done = await finished(run.id)
    expect(done.status).toBe('succeeded')
    expect(JSON.stringify(done.outputs)).toContain('Result:')
    expect(JSON.stringify(done.outputs)).toContain('tidal energy')
    const types = (await app.events.listAfter(run.id)).map((e) => e.type)
    expect(types[0]).toBe('run_queued')
    expect(types).toEqual(expect.arrayContaining(['run_started', 'mcp_connected', 'approval_requested', 'approval_resolved', 'output', 'run_succeeded']))
    expect(types[types.length - 1]).toBe('run_succeeded')
    await expectKnownEvents(run.id)
  })

  it('gives the server an error on Deny and the run goes on visibly', async () => {
    const run = await runs.create(principalOf(app.admin), { workflowId: EXAMPLE_WORKFLOW_ID, input: CALL })
    await app.approvals.answer(principalOf(app.admin), (await pendingApproval(run.id)).id, { decision: 'deny', reason: 'not now' })
    const done = await finished(run.id)
    expect(done.status).toBe('succeeded')
    // The model is told only that the tool failed (the reference default); the person sees why.
    expect(JSON.stringify(done.outputs)).toContain('Error')
    const toolResult = (await app.events.listAfter(run.id)).find((e) => e.type === 'tool_result')
    expect(JSON.stringify(toolResult?.data)).toMatch(/declined the sampling request/i)
  })

  it('stops a run that is cancelled while it waits for an approval', async () => {
    const run = await runs.create(principalOf(app.admin), { workflowId: EXAMPLE_WORKFLOW_ID, input: CALL })
    await pendingApproval(run.id)
    await runs.cancel(principalOf(app.admin), run.id)
    const done = await finished(run.id)
    expect(done.status).toBe('cancelled')
    await waitFor(async () => ((await app.approvals.list(principalOf(app.admin), { status: 'pending', runId: run.id })).length === 0 ? true : undefined))
  })

  async function workflowWith(graph: GraphDocument): Promise<string> {
    const { workflow } = await new WorkflowService(app.db.prisma).create(principalOf(app.admin), { name: 'test', graph })
    return workflow.id
  }

  it('asks a person at a human-input step and passes the answer on', async () => {
    const workflowId = await workflowWith(startThrough({ id: 'ask', kind: 'human_input', data: { prompt: 'Favourite colour?' } }))
    const run = await runs.create(principalOf(app.admin), { workflowId, input: 'go' })
    const approval = await pendingApproval(run.id)
    expect(approval).toMatchObject({ kind: 'human_input', payload: { prompt: 'Favourite colour?', input: 'go' } })
    await app.approvals.answer(principalOf(app.admin), approval.id, { decision: 'approve', content: { text: 'blue' } })
    const done = await finished(run.id)
    expect(done).toMatchObject({ status: 'succeeded', outputs: ['blue'] })
    await expectKnownEvents(run.id)
  })

  it('counts the tokens of agents that ran before the run waited for a person (they show while it waits, and in the total)', async () => {
    const graph = startThrough({ id: 'ask', kind: 'human_input', data: { prompt: 'Publish?' } })
    graph.nodes.splice(1, 0, {
      id: 'drafter',
      kind: 'agent',
      position: { x: 100, y: 0 },
      data: { name: 'Drafter', instructions: 'Draft it.', model: { provider: 'demo' } },
    } as GraphDocument['nodes'][number])
    graph.edges = [
      { id: 'a', source: 'start', target: 'drafter' },
      { id: 'b', source: 'drafter', target: 'ask' },
      { id: 'c', source: 'ask', target: 'output' },
    ]
    const run = await runs.create(principalOf(app.admin), { workflowId: await workflowWith(graph), input: 'a note on owls' })
    const approval = await pendingApproval(run.id)
    const waiting = (await runs.get(principalOf(app.admin), run.id)).run
    expect(waiting.usage).toMatchObject({ totalTokenCount: expect.any(Number) })
    await app.approvals.answer(principalOf(app.admin), approval.id, { decision: 'approve', content: { text: 'yes' } })
    const done = await finished(run.id)
    expect(done).toMatchObject({ status: 'succeeded', outputs: ['yes'] })
    expect(done.usage).toEqual(waiting.usage)
  })

  it('keeps what the run output before it waited for a person in its outputs', async () => {
    const graph = startThrough({ id: 'ask', kind: 'human_input', data: { prompt: 'Anything to add?' } })
    graph.nodes.splice(1, 0, { id: 'split', kind: 'fan_out', position: { x: 100, y: 0 }, data: {} } as GraphDocument['nodes'][number])
    graph.edges = [
      { id: 'a', source: 'start', target: 'split' },
      { id: 'b', source: 'split', target: 'output' },
      { id: 'c', source: 'split', target: 'ask' },
      { id: 'd', source: 'ask', target: 'output' },
    ]
    const run = await runs.create(principalOf(app.admin), { workflowId: await workflowWith(graph), input: 'first' })
    const approval = await pendingApproval(run.id)
    await app.approvals.answer(principalOf(app.admin), approval.id, { decision: 'approve', content: { text: 'second' } })
    expect(await finished(run.id)).toMatchObject({ status: 'succeeded', outputs: ['first', 'second'] })
  })

  it('fails the run visibly when a person declines a human-input step', async () => {
    const workflowId = await workflowWith(startThrough({ id: 'ask', kind: 'human_input', data: { prompt: 'Go on?' } }))
    const run = await runs.create(principalOf(app.admin), { workflowId, input: 'go' })
    await app.approvals.answer(principalOf(app.admin), (await pendingApproval(run.id)).id, { decision: 'deny' })
    const done = await finished(run.id)
    expect(done.status).toBe('failed')
    expect(done.error).toMatch(/declined/)
  })

  it('asks before a tool call when the agent requires approval, then runs the tool', async () => {
    const graph = exampleWorkflowDocument()
    const agentNode = graph.nodes.find((n) => n.kind === 'agent')!
    Object.assign(agentNode.data, { toolApprovalMode: 'always_require' })
    const run = await runs.create(principalOf(app.admin), {
      workflowId: await workflowWith(graph),
      input: '/call research-assistant_word_count {"text":"one two three"}',
    })
    const approval = await pendingApproval(run.id)
    expect(approval).toMatchObject({ kind: 'tool_call', payload: { toolName: 'research-assistant_word_count', arguments: { text: 'one two three' } } })
    await app.approvals.answer(principalOf(app.admin), approval.id, { decision: 'approve' })
    const done = await finished(run.id)
    expect(done.status).toBe('succeeded')
    expect(JSON.stringify(done.outputs)).toContain('Result: 3')
    await expectKnownEvents(run.id)
  })

  it('gives agents the built-in function tools they name', async () => {
    const graph = exampleWorkflowDocument()
    Object.assign(graph.nodes.find((n) => n.kind === 'agent')!.data, { mcpServerIds: [], functionTools: ['word_count'] })
    const run = await runs.create(principalOf(app.admin), { workflowId: await workflowWith(graph), input: '/call word_count {"text":"one two"}' })
    const done = await finished(run.id)
    expect(done.status).toBe('succeeded')
    expect(JSON.stringify(done.outputs)).toContain('words')
  })

  it('runs a sub-workflow loaded from its saved version', async () => {
    const childId = await workflowWith(startThrough({ id: 'shout', kind: 'transform', data: { expression: 'input + "!"' } }))
    const parentId = await workflowWith(startThrough({ id: 'child', kind: 'sub_workflow', data: { workflowId: childId } }))
    const run = await runs.create(principalOf(app.admin), { workflowId: parentId, input: 'hey' })
    const done = await finished(run.id)
    expect(done).toMatchObject({ status: 'succeeded', outputs: ['hey!'] })
  })

  it('refuses to queue a run whose sub-workflow is gone, saying so (a worker finding it gone later: run-setup.int.test.ts)', async () => {
    const parentId = await workflowWith(startThrough({ id: 'child', kind: 'sub_workflow', data: { workflowId: 'deleted-workflow' } }))
    await expect(runs.create(principalOf(app.admin), { workflowId: parentId, input: 'hey' })).rejects.toMatchObject({
      code: 'invalid_graph',
      message: expect.stringContaining('no longer exists'),
    })
  })

  it("stops a run at the workflow's Max steps, saying so in plain words, and runs it through once they are raised", async () => {
    const transform = (id: string) => ({ id, kind: 'transform', position: { x: 0, y: 0 }, data: { expression: 'input' } })
    const workflowId = await workflowWith({
      schemaVersion: 1,
      nodes: [
        { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
        transform('a'),
        transform('b'),
        transform('c'),
        { id: 'output', kind: 'output', position: { x: 0, y: 0 }, data: {} },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'a' },
        { id: 'e2', source: 'a', target: 'b' },
        { id: 'e3', source: 'b', target: 'c' },
        { id: 'e4', source: 'c', target: 'output' },
      ],
    } as GraphDocument)
    const workflows = new WorkflowService(app.db.prisma)
    const updated = await workflows.update(principalOf(app.admin), workflowId, { settings: { maxSupersteps: 3 } })
    // Naming one setting leaves the others as they were.
    expect(updated.workflow.settings).toMatchObject({ maxSupersteps: 3, conversationForwarding: { enabled: false } })
    const stopped = await finished((await runs.create(principalOf(app.admin), { workflowId, input: 'go' })).id)
    expect(stopped.status).toBe('failed')
    expect(stopped.error).toBe(
      'The run stopped after 3 steps, the most this workflow may take: raise Max steps in Settings, or check for a loop that never ends.',
    )
    await workflows.update(principalOf(app.admin), workflowId, { settings: { maxSupersteps: 4 } })
    const done = await finished((await runs.create(principalOf(app.admin), { workflowId, input: 'go' })).id)
    expect(done).toMatchObject({ status: 'succeeded', outputs: ['go'] })
  })

  it('forwards the conversation after each agent turn when the workflow asks, and reports a failing endpoint', async () => {
    const endpoint = await startRecordingHttpServer()
    try {
      const graph = exampleWorkflowDocument()
      Object.assign(graph.nodes.find((n) => n.kind === 'agent')!.data, { mcpServerIds: [] })
      const workflowId = await workflowWith(graph)
      await new WorkflowService(app.db.prisma).update(principalOf(app.admin), workflowId, {
        settings: { conversationForwarding: { enabled: true, endpoint: `${endpoint.url}/chat-message`, timeoutMs: 5000 } },
      })
      const run = await runs.create(principalOf(app.admin), { workflowId, input: 'hello there' })
      expect((await finished(run.id)).status).toBe('succeeded')
      expect(endpoint.requests).toHaveLength(1)
      expect(endpoint.requests[0].body).toMatchObject({
        conversationId: run.id,
        userMessage: 'hello there',
        chatHistory: [
          { role: 'user', content: 'hello there' },
          { role: 'assistant', content: 'Demo reply: hello there' },
        ],
      })

      endpoint.reply.status = 503
      const failing = await runs.create(principalOf(app.admin), { workflowId, input: 'again' })
      expect((await finished(failing.id)).status).toBe('succeeded')
      const types = (await app.events.listAfter(failing.id)).map((e) => e.type)
      expect(types).toContain('conversation_forwarding_failed')
      await expectKnownEvents(failing.id)
    } finally {
      await endpoint.close()
    }
  })

  it('refuses to run with a disabled MCP server, saying which', async () => {
    await app.db.prisma.mcpServer.updateMany({ where: { id: 'research-assistant' }, data: { enabled: false } })
    try {
      const run = await runs.create(principalOf(app.admin), { workflowId: EXAMPLE_WORKFLOW_ID, input: 'hi' })
      const done = await finished(run.id)
      expect(done.status).toBe('failed')
      expect(done.error).toContain("'research-assistant' is disabled")
    } finally {
      await app.db.prisma.mcpServer.updateMany({ where: { id: 'research-assistant' }, data: { enabled: true } })
    }
  })

  it('ends a run once: when one input step is declined the other open request closes, and nothing follows the final event', async () => {
    const workflowId = await workflowWith({
      schemaVersion: 1,
      nodes: [
        { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
        { id: 'split', kind: 'fan_out', position: { x: 100, y: 0 }, data: {} },
        { id: 'ask1', kind: 'human_input', position: { x: 200, y: -50 }, data: { prompt: 'One?' } },
        { id: 'ask2', kind: 'human_input', position: { x: 200, y: 50 }, data: { prompt: 'Two?' } },
        { id: 'output', kind: 'output', position: { x: 400, y: 0 }, data: {} },
      ],
      edges: [
        { id: 'a', source: 'start', target: 'split' },
        { id: 'b', source: 'split', target: 'ask1' },
        { id: 'c', source: 'split', target: 'ask2' },
        { id: 'd', source: 'ask1', target: 'output' },
        { id: 'e', source: 'ask2', target: 'output' },
      ],
    } as GraphDocument)
    const run = await runs.create(principalOf(app.admin), { workflowId, input: 'go' })
    const approvals = await waitFor(async () => {
      const list = await app.approvals.list(principalOf(app.admin), { status: 'pending', runId: run.id })
      return list.length === 2 ? list : undefined
    })
    await app.approvals.answer(principalOf(app.admin), approvals[0].id, { decision: 'deny' })
    const done = await finished(run.id)
    expect(done.status).toBe('failed')
    await waitFor(async () => ((await app.approvals.list(principalOf(app.admin), { status: 'pending', runId: run.id })).length === 0 ? true : undefined))
    const events = await app.events.listAfter(run.id)
    expect(events[events.length - 1].type).toBe('run_failed')
    expect(events.filter((e) => e.type === 'run_failed' || e.type === 'run_succeeded')).toHaveLength(1)
  })

  it('stops a run at once when it is cancelled in this process, with run_cancelled as its only final event', async () => {
    const run = await runs.create(principalOf(app.admin), { workflowId: EXAMPLE_WORKFLOW_ID, input: CALL })
    await pendingApproval(run.id)
    await runs.cancel(principalOf(app.admin), run.id)
    await waitFor(async () => (app.activeRuns.has(run.id) ? undefined : true))
    const types = (await app.events.listAfter(run.id)).map((e) => e.type)
    expect(types[types.length - 1]).toBe('run_cancelled')
    expect(types.filter((t) => t.startsWith('run_') && t !== 'run_queued' && t !== 'run_started')).toEqual(['run_cancelled'])
  })
})

describe('RunWorker shutdown', () => {
  it('gives runs still going after the grace period back to the queue, and another worker finishes them', async () => {
    const app = await createTestApp({ install: false })
    const first = new RunWorker(app, { concurrency: 1 })
    const second = new RunWorker(app, { concurrency: 1 })
    const runs = new RunService(app)
    const pending = (runId: string) => waitFor(async () => (await app.approvals.list(principalOf(app.admin), { status: 'pending', runId }))[0])
    try {
      await first.start()
      const run = await runs.create(principalOf(app.admin), { workflowId: EXAMPLE_WORKFLOW_ID, input: CALL })
      const asked = await pending(run.id)
      await first.stop(100)
      const released = await app.db.prisma.run.findUniqueOrThrow({ where: { id: run.id } })
      expect(released).toMatchObject({ workerId: null, error: null })
      expect(['running', 'waiting']).toContain(released.status)
      // The sampling request was asked inside a tool call that stopped with the worker: it is closed, and asked again.
      expect((await app.approvals.get(principalOf(app.admin), asked.id)).status).toBe('expired')
      await second.start()
      const again = await waitFor(async () => {
        const approval = await pending(run.id)
        return approval.id === asked.id ? undefined : approval
      })
      await app.approvals.answer(principalOf(app.admin), again.id, { decision: 'approve' })
      const done = await waitForRunEnd({ get: (id) => runs.get(principalOf(app.admin), id) }, app.events, run.id)
      expect(done.status).toBe('succeeded')
      const finished = await app.db.prisma.run.findUniqueOrThrow({ where: { id: run.id } })
      expect(finished.attempts).toBe(2)
    } finally {
      await first.stop(0)
      await second.stop(0)
      await app.close()
    }
  })
})
