/**
 * A fork is a durable run like any: its worker — a real `npm run worker` process — is killed while the fork waits in a
 * tool call after the fork point, and a worker in this process takes it over once the lease lapsed and finishes it from
 * the fork's own latest checkpoint, with one `run_forked` in its log and the parent untouched. The slow step is a tool
 * of an MCP server in this process that answers only when the test lets it (gated-mcp-server.ts): nothing here waits
 * on the clock.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { GraphDocument } from '@/lib/graph'
import { startGatedMcpServer, type GatedMcpServer } from '../../testing/gated-mcp-server'
import { killStartedProcesses, startedProcesses, startWorker, type WorkerProcess } from '../../testing/processes/app-processes'
import { createTestApp, principalOf, type TestApp } from '../../testing/test-app'
import { testDatabaseServerUrl } from '../../testing/test-database'
import { waitForRunEnd } from '../../testing/wait-for'
import { WorkflowService } from '../../workflows/workflow-service'
import { RunForkService } from './run-forks'
import { RunCheckpoints } from './run-checkpoints'
import { RunService } from '../run-service'
import { RunWorker } from '../execution/run-worker'

const LEASE_MS = 1500
/** The demo model calls the gate's tool with this label, then answers with its result. */
const gateCall = (label: string) => `/call gate_wait {"label":"${label}"}`

/** start → prepare (passes the input on) → gatekeeper (calls the gate) → output. */
function gatedLater(): GraphDocument {
  const nodes = [
    { id: 'start', kind: 'start', data: {} },
    { id: 'prepare', kind: 'transform', data: { expression: 'input' } },
    { id: 'gatekeeper', kind: 'agent', data: { name: 'gatekeeper', model: { provider: 'demo' }, mcpServerIds: ['gate'] } },
    { id: 'output', kind: 'output', data: {} },
  ]
  return {
    schemaVersion: 1,
    nodes: nodes.map((node, i) => ({ ...node, position: { x: i * 200, y: 0 } })),
    edges: nodes.slice(1).map((node, i) => ({ id: `e${i}`, source: nodes[i].id, target: node.id })),
  } as GraphDocument
}

describe('a fork resumed after its worker was killed', () => {
  let app: TestApp
  let gate: GatedMcpServer
  let crashed: WorkerProcess | undefined
  let local: RunWorker | undefined

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    gate = await startGatedMcpServer()
    await app.db.prisma.mcpServer.create({
      data: { id: 'gate', name: 'Gate', transport: 'http', config: { url: gate.url }, secrets: { env: {}, headers: {} } },
    })
  })
  afterEach((context) => {
    if (context.task.result?.state !== 'fail') return
    for (const child of startedProcesses()) console.error(`--- output of ${child.name} (pid ${child.child.pid}) ---\n${child.output()}`)
  })
  afterAll(async () => {
    await killStartedProcesses()
    await local?.stop(0)
    await gate?.close()
    await app?.close()
  })

  it('goes on from its own checkpoint on another worker and ends as it would have', async () => {
    const owner = principalOf(app.admin)
    const runs = new RunService(app)
    const finished = (runId: string) => waitForRunEnd({ get: (id) => runs.get(owner, id) }, app.events, runId)
    const { workflow } = await new WorkflowService(app.db.prisma).create(owner, { name: 'gated later', graph: gatedLater() })

    // The parent runs to its end here, its gate open.
    local = new RunWorker(app, { concurrency: 1, leaseMs: LEASE_MS })
    await local.start()
    const parent = await runs.create(owner, { workflowId: workflow.id, input: gateCall('parent') })
    expect((await finished(parent.id)).status).toBe('succeeded')
    await local.stop()
    const parentEvents = await app.events.listAfter(parent.id, 0, 10_000)

    // The fork, at superstep 1 (the input prepared, on its way to the gatekeeper), asks the gate under a held label.
    const [{ name }] = await app.db.sql.query<{ name: string }>(`SELECT current_database() AS name`)
    const databaseUrl = new URL(testDatabaseServerUrl())
    databaseUrl.pathname = `/${name}`
    crashed = await startWorker('worker', {
      ...process.env,
      DATABASE_URL: databaseUrl.toString(),
      AGENTLOOM_SECRET_KEY: app.masterKey.toString('base64'),
      AGENTLOOM_RUN_LEASE_MS: String(LEASE_MS),
    })
    gate.hold('fork')
    const checkpoint = (await new RunCheckpoints(app).list(owner, parent.id)).find((candidate) => candidate.superstep === 1)!
    const { run: fork } = await new RunForkService(app).create(owner, parent.id, {
      checkpointId: checkpoint.id,
      edits: [{ op: 'replace_message', index: 0, data: gateCall('fork') }],
    })
    await gate.called('fork')
    const held = await app.db.prisma.run.findUniqueOrThrow({ where: { id: fork.id } })
    expect(held.workerId).not.toBeNull()

    await crashed.kill('SIGKILL')
    local = new RunWorker(app, { concurrency: 1, leaseMs: LEASE_MS })
    await local.start()
    // The takeover asks the gate again (the superstep cut off is replayed); it answers once opened.
    gate.open('fork')
    const done = await finished(fork.id)
    expect(done.status).toBe('succeeded')
    expect(JSON.stringify(done.outputs)).toContain('fork')
    expect(JSON.stringify(done.outputs)).not.toContain('parent')
    const row = await app.db.prisma.run.findUniqueOrThrow({ where: { id: fork.id } })
    expect(row).toMatchObject({ attempts: 2, parentRunId: parent.id, forkSuperstep: 1 })
    const types = (await app.events.listAfter(fork.id, 0, 10_000)).map((event) => event.type)
    expect(types.filter((type) => type === 'run_forked')).toHaveLength(1)
    expect(types.filter((type) => type === 'run_succeeded')).toHaveLength(1)
    expect(await app.events.listAfter(parent.id, 0, 10_000)).toEqual(parentEvents)
  }, 120_000)
})
