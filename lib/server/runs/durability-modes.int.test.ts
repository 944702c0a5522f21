/**
 * Durability modes with real processes (issue #29, lib/contracts/durability.ts): a web host and two
 * `npm run worker` processes share one database; a run's worker is killed (SIGKILL) in the middle
 * of its second superstep, and the other worker finishes the run with the log a run without the
 * crash writes, as each mode promises:
 * - sync: the first superstep was committed before the second started (before its tool was called); the run resumes from it;
 * - async: the first superstep's commit overlapped the second; once it is in, the run resumes from it;
 * - exit: nothing but the run's start was committed; the run restarts from its input.
 * The second superstep's agent calls a tool of an MCP server in this process that answers only when
 * the test lets it (gated-mcp-server.ts), so nothing here depends on timing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DurabilityMode } from '@/lib/contracts/durability'
import type { RunView } from '@/lib/contracts/runs'
import type { GraphDocument } from '@/lib/graph'
import { startGatedMcpServer, type GatedMcpServer } from '../testing/gated-mcp-server'
import { killStartedProcesses, startedProcesses, startWebHost, startWorker, type WebHostProcess, type WorkerProcess } from '../testing/processes/app-processes'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { testDatabaseServerUrl } from '../testing/test-database'
import { waitFor, waitForRunEnd } from '../testing/wait-for'
import { WorkflowService } from '../workflows/workflow-service'

/** Short, so that a killed worker's run is taken over within seconds, yet long enough for a live worker on a loaded machine. */
const LEASE_MS = 5000
/** Outer limits only (every wait is on a state or an event), sized for a loaded 2-core machine. */
const SCENARIO_TIMEOUT_MS = 300_000
const SETUP_TIMEOUT_MS = 300_000

/** start → prepare (a transform: superstep 1) → gatekeeper (the demo model calls the gate's tool: superstep 2) → output. */
const GATED_LATER: GraphDocument = (() => {
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
})()

const gateCall = (label: string) => `/call gate_wait {"label":"${label}"}`

describe('durability modes survive a killed worker as each promises', () => {
  let app: TestApp
  let gate: GatedMcpServer
  let env: NodeJS.ProcessEnv
  let web: WebHostProcess
  let workers: WorkerProcess[] = []
  /** Its runs take the workflow's default (sync), or what the request names. */
  let plainWorkflowId: string
  /** Set to `exit` in its settings. */
  let exitWorkflowId: string

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    gate = await startGatedMcpServer()
    await app.db.prisma.mcpServer.create({
      data: { id: 'gate', name: 'Gate', transport: 'http', config: { url: gate.url }, secrets: { env: {}, headers: {} } },
    })
    const workflows = new WorkflowService(app.db.prisma)
    const admin = principalOf(app.admin)
    plainWorkflowId = (await workflows.create(admin, { name: 'gated later', graph: GATED_LATER })).workflow.id
    exitWorkflowId = (await workflows.create(admin, { name: 'gated later, exit', graph: GATED_LATER })).workflow.id
    await workflows.update(admin, exitWorkflowId, { settings: { durability: 'exit' } })

    const [{ name }] = await app.db.sql.query<{ name: string }>(`SELECT current_database() AS name`)
    const databaseUrl = new URL(testDatabaseServerUrl())
    databaseUrl.pathname = `/${name}`
    env = {
      ...process.env,
      DATABASE_URL: databaseUrl.toString(),
      AGENTLOOM_SECRET_KEY: app.masterKey.toString('base64'),
      AGENTLOOM_RUN_LEASE_MS: String(LEASE_MS),
      AGENTLOOM_WORKER_CONCURRENCY: '2',
    }
    ;[web, ...workers] = await Promise.all([startWebHost('web', env), startWorker('worker 1', env), startWorker('worker 2', env)])
  }, SETUP_TIMEOUT_MS)

  afterEach((context) => {
    if (context.task.result?.state !== 'fail') return
    for (const child of startedProcesses()) console.error(`--- output of ${child.name} (pid ${child.child.pid}) ---\n${child.output()}`)
  })

  afterAll(async () => {
    await killStartedProcesses()
    await gate?.close()
    await app?.close()
  })

  async function api<T>(path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${web.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${app.admin.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`)
    return JSON.parse(text) as T
  }

  const startRun = async (workflowId: string, input: string, durability?: DurabilityMode) =>
    (await api<{ run: { id: string } }>('/api/runs', { workflowId, input, ...(durability ? { durability } : {}) })).run.id
  const viewOf = (runId: string) => api<RunView>(`/api/runs/${runId}`)
  const finished = (runId: string) => waitForRunEnd({ get: viewOf }, app.events, runId)
  const storedEvents = (runId: string) => app.events.listAfter(runId, 0, 10_000)
  const runRow = (runId: string) => app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })

  async function holderOf(runId: string): Promise<WorkerProcess> {
    const { workerId } = await runRow(runId)
    const holder = workers.find((worker) => worker.workerId === workerId)
    if (!holder) throw new Error(`run ${runId} is held by '${workerId}', none of this test's workers`)
    return holder
  }

  /**
   * Kills the worker of a run inside its second superstep's tool call, once `committedBeforeCrash`
   * says what the mode has committed by then, and checks that the other worker finishes the run
   * with the log of the same run without a crash.
   */
  const crashScenario =
    (mode: DurabilityMode, workflow: () => string, requested: DurabilityMode | undefined, committedBeforeCrash: (runId: string) => Promise<boolean>) =>
    async () => {
      const label = `crash-${mode}`
      const reference = await startRun(workflow(), gateCall(label), requested)
      expect((await finished(reference)).status).toBe('succeeded')
      expect((await runRow(reference)).durability).toBe(mode)
      // The API says it too (the run page and the trace show it from there).
      expect((await viewOf(reference)).run.durability).toBe(mode)
      const expected = (await storedEvents(reference)).map(({ type, data }) => ({ type, data }))

      gate.hold(label)
      const runId = await startRun(workflow(), gateCall(label), requested)
      await gate.called(label, 2)
      if (mode === 'sync') {
        // Strict: the second superstep's tool is called only once the first superstep is committed, so it is in already.
        expect((await runRow(runId)).checkpointId).not.toBeNull()
        expect(
          (await storedEvents(runId)).some((event) => event.type === 'superstep_completed' && (event.data as { iteration?: number }).iteration === 1),
        ).toBe(true)
      }
      await waitFor(async () => ((await committedBeforeCrash(runId)) ? true : undefined))
      const killed = await holderOf(runId)
      await killed.kill('SIGKILL')
      const storedBeforeCrash = await storedEvents(runId)
      const survivor = workers.find((worker) => worker !== killed)!

      // The other worker takes the run once the lease lapses, and calls the tool again.
      await gate.called(label, 3)
      expect(await holderOf(runId)).toBe(survivor)
      gate.open(label)
      const done = await finished(runId)
      expect(done.status).toBe('succeeded')
      expect(done.outputs).toEqual((await viewOf(reference)).run.outputs)
      expect((await runRow(runId)).attempts).toBe(2)
      const stored = await storedEvents(runId)
      // Nothing lost, nothing twice, numbered without holes; what was stored before the crash stayed as it was.
      expect(stored.map(({ type, data }) => ({ type, data }))).toEqual(expected)
      expect(stored.map((event) => event.sequence)).toEqual(stored.map((_, i) => i + 1))
      expect(stored.slice(0, storedBeforeCrash.length)).toEqual(storedBeforeCrash)

      workers = [survivor, await startWorker(`worker ${startedProcesses().length}`, env)]
    }

  /** The first superstep's checkpoint is the run's resume point, and the tool call of the second is in the log. */
  async function firstSuperstepIn(runId: string): Promise<boolean> {
    const row = await runRow(runId)
    const calls = (await storedEvents(runId)).filter((event) => event.type === 'tool_call')
    return row.checkpointId !== null && calls.length > 0
  }

  it(
    'sync: resumes from the first superstep, committed before the second started',
    crashScenario('sync', () => plainWorkflowId, undefined, firstSuperstepIn),
    SCENARIO_TIMEOUT_MS,
  )

  it(
    'async (asked for by the run request): resumes from the first superstep once its overlapping commit is in',
    crashScenario(
      'async',
      () => plainWorkflowId,
      'async',
      async (runId) => (await runRow(runId)).checkpointId !== null,
    ),
    SCENARIO_TIMEOUT_MS,
  )

  it(
    "exit (the workflow's setting): nothing but the start is committed mid-run, and the run restarts from its input",
    crashScenario(
      'exit',
      () => exitWorkflowId,
      undefined,
      async (runId) => {
        const row = await runRow(runId)
        // The worker is inside the second superstep: only what the create and the claim wrote is stored (and
        // `mcp_connected`, which the run's preparation appends outside its writer).
        const types = (await storedEvents(runId)).map((event) => event.type)
        expect(types.filter((type) => type !== 'mcp_connected')).toEqual(['run_queued', 'run_started'])
        expect(row.checkpointId).toBeNull()
        expect(await app.db.prisma.checkpoint.count({ where: { runId } })).toBe(0)
        return true
      },
    ),
    SCENARIO_TIMEOUT_MS,
  )
})
