/**
 * The trace of a stored run taken by the worker, recorded by the real SDK into an
 * InMemorySpanExporter: `agentloom.run` (run and workflow ids, never the owner) is the root, and
 * lib/core's spans of the run (workflow, executor, agent, model call) hang under it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startInMemoryTracing, type InMemoryTracing } from '@/lib/core/testing'
import type { GraphDocument } from '@/lib/graph'
import { RunService } from '../run-service'
import { RunWorker } from './run-worker'
import { createTestApp, principalOf } from '../../testing/test-app'
import { waitForRunEnd } from '../../testing/wait-for'
import { WorkflowService } from '../../workflows/workflow-service'

const graph = {
  schemaVersion: 1,
  nodes: [
    { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'agent-1', kind: 'agent', position: { x: 200, y: 0 }, data: { name: 'Greeter', model: { provider: 'demo' } } },
    { id: 'output', kind: 'output', position: { x: 400, y: 0 }, data: {} },
  ],
  edges: [
    { id: 'a', source: 'start', target: 'agent-1' },
    { id: 'b', source: 'agent-1', target: 'output' },
  ],
} as GraphDocument

describe('the span of a stored run', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  let worker: RunWorker
  let tracing: InMemoryTracing

  beforeAll(async () => {
    tracing = startInMemoryTracing()
    app = await createTestApp({ install: false })
    worker = new RunWorker(app, { concurrency: 1 })
    await worker.start()
  })
  afterAll(async () => {
    await worker?.stop()
    await app?.close()
    await tracing?.stop()
  })

  it('is the root of the run trace, with the run and workflow ids and nothing about the owner', async () => {
    const principal = principalOf(app.admin)
    const { workflow } = await new WorkflowService(app.db.prisma).create(principal, { name: 'traced', graph })
    const runs = new RunService(app)
    const run = await runs.create(principal, { workflowId: workflow.id, input: 'hello from a person' })
    expect((await waitForRunEnd({ get: (id) => runs.get(principal, id) }, app.events, run.id)).status).toBe('succeeded')
    // The span ends after the run's last event is stored, so the end may just have been seen.
    await expect.poll(() => tracing.spans().filter((span) => span.name === 'agentloom.run').length).toBe(1)

    const root = tracing.span('agentloom.run')
    expect(root.parentSpanContext).toBeUndefined()
    expect(root.attributes).toMatchObject({
      'agentloom.run.id': run.id,
      'agentloom.workflow.id': workflow.id,
      'agentloom.run.durability': 'sync',
      'agentloom.run.exit': 'ended',
    })
    const everything = JSON.stringify(tracing.spans().map((span) => span.attributes))
    expect(everything).not.toContain(app.admin.id)
    expect(everything).not.toContain(app.admin.email)
    expect(everything).not.toContain('hello from a person')

    const workflowRun = tracing.span('workflow.run')
    expect(workflowRun.parentSpanContext?.spanId).toBe(root.spanContext().spanId)
    const agent = tracing.span('invoke_agent Greeter')
    expect(agent.spanContext().traceId).toBe(root.spanContext().traceId)
    expect(tracing.childrenOf(agent).map((span) => span.name)).toEqual(['chat demo'])
  })
})
