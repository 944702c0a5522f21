/**
 * Durable runs with real processes: two web hosts (the real route handlers, no worker) and two
 * `npm run worker` processes share one database, as a deployment with separate web and worker
 * processes would. People act through the web hosts with an API token; the workers run the runs.
 * A run's slow step is a call to a tool of an MCP server in this process that answers only when
 * the test lets it (gated-mcp-server.ts), so nothing here depends on timing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { RunEvent } from '@/lib/contracts/run-events'
import type { RunView } from '@/lib/contracts/runs'
import type { GraphDocument } from '@/lib/graph'
import { startGatedMcpServer, type GatedMcpServer } from '../testing/gated-mcp-server'
import { killStartedProcesses, startedProcesses, startWebHost, startWorker, type WebHostProcess, type WorkerProcess } from '../testing/processes/app-processes'
import { createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { testDatabaseServerUrl } from '../testing/test-database'
import { waitFor, waitForRunEnd } from '../testing/wait-for'
import { WorkflowService } from '../workflows/workflow-service'

/**
 * Short, so that a killed worker's run is taken over within seconds (the minimum is 300), yet long
 * enough that a live worker starved of CPU on a loaded machine (renewing every third of it) keeps its runs.
 */
const LEASE_MS = 5000
/**
 * Outer limits only: every wait in a scenario is on a state or an event (waitFor), never on the clock,
 * so these are there to end a hung test, sized for a loaded 2-core machine starting four processes.
 */
const SCENARIO_TIMEOUT_MS = 300_000
const SETUP_TIMEOUT_MS = 300_000

/** The demo model calls the gate's tool with this label, then answers with its result. */
const gateCall = (label: string) => `/call gate_wait {"label":"${label}"}`

type ChainNode = { id: string; kind: string; data: Record<string, unknown> }

/** start → the given nodes, in a line → output. */
function chain(...middle: ChainNode[]): GraphDocument {
  const nodes = [{ id: 'start', kind: 'start', data: {} }, ...middle, { id: 'output', kind: 'output', data: {} }]
  return {
    schemaVersion: 1,
    nodes: nodes.map((node, i) => ({ ...node, position: { x: i * 200, y: 0 } })),
    edges: nodes.slice(1).map((node, i) => ({ id: `e${i}`, source: nodes[i].id, target: node.id })),
  } as GraphDocument
}

/** An agent (the demo model) that may call the gate's tool. */
const GATEKEEPER: ChainNode = { id: 'gatekeeper', kind: 'agent', data: { name: 'gatekeeper', model: { provider: 'demo' }, mcpServerIds: ['gate'] } }

describe('durable runs across web and worker processes', () => {
  let app: TestApp
  let gate: GatedMcpServer
  let env: NodeJS.ProcessEnv
  let webA: WebHostProcess
  let webB: WebHostProcess
  let workers: WorkerProcess[] = []
  /** The agent calls the gate in the run's first superstep, before any checkpoint. */
  let gatedWorkflowId: string
  /** A transform first: the agent calls the gate in the second superstep, after a checkpoint. */
  let laterGatedWorkflowId: string
  let askingWorkflowId: string
  /** Three transforms in a line: one a superstep (first 1, second 2, third 3). */
  let debugWorkflowId: string

  async function startWebHosts(): Promise<void> {
    ;[webA, webB] = await Promise.all([startWebHost('web A', env), startWebHost('web B', env)])
  }

  async function startWorkers(): Promise<void> {
    workers = await Promise.all([startWorker('worker 1', env), startWorker('worker 2', env)])
  }

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    gate = await startGatedMcpServer()
    await app.db.prisma.mcpServer.create({
      data: { id: 'gate', name: 'Gate', transport: 'http', config: { url: gate.url }, secrets: { env: {}, headers: {} } },
    })
    const workflows = new WorkflowService(app.db.prisma)
    gatedWorkflowId = (await workflows.create(principalOf(app.admin), { name: 'gated', graph: chain(GATEKEEPER) })).workflow.id
    const prepare: ChainNode = { id: 'prepare', kind: 'transform', data: { expression: 'input' } }
    laterGatedWorkflowId = (await workflows.create(principalOf(app.admin), { name: 'gated later', graph: chain(prepare, GATEKEEPER) })).workflow.id
    askingWorkflowId = (
      await workflows.create(principalOf(app.admin), { name: 'asking', graph: chain({ id: 'ask', kind: 'human_input', data: { prompt: 'Colour?' } }) })
    ).workflow.id

    const step = (id: string): ChainNode => ({ id, kind: 'transform', data: { expression: 'input' } })
    debugWorkflowId = (await workflows.create(principalOf(app.admin), { name: 'debugged', graph: chain(step('first'), step('second'), step('third')) }))
      .workflow.id

    const [{ name }] = await app.db.sql.query<{ name: string }>(`SELECT current_database() AS name`)
    const databaseUrl = new URL(testDatabaseServerUrl())
    databaseUrl.pathname = `/${name}`
    env = {
      ...process.env,
      DATABASE_URL: databaseUrl.toString(),
      // Every process of an installation shares its master key.
      AGENTLOOM_SECRET_KEY: app.masterKey.toString('base64'),
      AGENTLOOM_RUN_LEASE_MS: String(LEASE_MS),
      AGENTLOOM_WORKER_CONCURRENCY: '2',
    }
    await Promise.all([startWebHosts(), startWorkers()])
  }, SETUP_TIMEOUT_MS)

  afterEach((context) => {
    if (context.task.result?.state !== 'fail') return
    for (const child of startedProcesses()) console.error(`--- output of ${child.name} (pid ${child.child.pid}) ---\n${child.output()}`)
  })

  // Kills every process spawned, ready or not: a setup that failed half-way leaves none behind.
  afterAll(async () => {
    await killStartedProcesses()
    await gate?.close()
    await app?.close()
  })

  /** Calls the API of a web host as the test app's admin (their API token). */
  async function api<T>(host: WebHostProcess, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${host.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${app.admin.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await response.text()
    if (!response.ok) throw new Error(`${host.name}: ${path} answered ${response.status}: ${text}`)
    return JSON.parse(text) as T
  }

  async function startRun(host: WebHostProcess, workflowId: string, input: string): Promise<string> {
    return (await api<{ run: { id: string } }>(host, '/api/runs', { workflowId, input })).run.id
  }

  const viewOf = (host: WebHostProcess, runId: string) => api<RunView>(host, `/api/runs/${runId}`)

  /** Waits until the run has ended, as web host `host` shows it, with its final event stored. */
  const finished = (host: WebHostProcess, runId: string) => waitForRunEnd({ get: (id) => viewOf(host, id) }, app.events, runId)

  /** Waits until no worker holds the run and it waits for a person: returns the open approval's id. */
  async function parked(host: WebHostProcess, runId: string): Promise<string> {
    return waitFor(async () => {
      const [view, row] = await Promise.all([viewOf(host, runId), app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })])
      const pending = view.approvals.find((approval) => approval.status === 'pending')
      return pending && row.workerId === null && row.parkedRequests !== null && view.run.status === 'waiting' ? pending.id : undefined
    })
  }

  const storedEvents = (runId: string) => app.events.listAfter(runId, 0, 10_000)
  /** What a run's log says, without when it was said. */
  const withoutTimes = (events: RunEvent[]) => events.map(({ sequence, type, data }) => ({ sequence, type, data }))

  /** The worker process holding the run now (its lease names it). */
  async function holderOf(runId: string): Promise<WorkerProcess> {
    const { workerId } = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })
    const holder = workers.find((worker) => worker.workerId === workerId)
    if (!holder) throw new Error(`run ${runId} is held by '${workerId}', none of this test's workers`)
    return holder
  }

  /**
   * Reads the run's events from a web host's SSE stream, from the start, until the stream's
   * `end` (it ends after the run's final event).
   */
  async function readEventStream(host: WebHostProcess, runId: string): Promise<RunEvent[]> {
    const response = await fetch(`${host.url}/api/runs/${runId}/events`, { headers: { authorization: `Bearer ${app.admin.token}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    const events: RunEvent[] = []
    let buffer = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) throw new Error(`${host.name}: the stream closed before its end frame, after ${events.length} events`)
      buffer += value
      for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
        const frame = buffer.slice(0, cut).split('\n')
        buffer = buffer.slice(cut + 2)
        if (frame.includes('event: end')) {
          await reader.cancel()
          return events
        }
        const data = frame.find((line) => line.startsWith('data: '))
        if (data) events.push(JSON.parse(data.slice('data: '.length)) as RunEvent)
      }
    }
  }

  it(
    'finishes a run parked by a worker once a person answers through a web host',
    async () => {
      const runId = await startRun(webB, askingWorkflowId, 'go')
      const approvalId = await parked(webA, runId)
      await api(webA, `/api/approvals/${approvalId}`, { decision: 'approve', content: { text: 'blue' } })
      const done = await finished(webA, runId)
      expect(done).toMatchObject({ status: 'succeeded', outputs: ['blue'] })
      // Taken twice by the workers (no web host runs one): to start it, and to go on after the answer.
      expect((await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })).attempts).toBe(2)
    },
    SCENARIO_TIMEOUT_MS,
  )

  /**
   * Kills the worker of a run while it is inside the gate's tool call (`checkpointed`: after the
   * run's first checkpoint), and checks that the other worker finishes it with the very log the
   * same run writes without a crash.
   */
  const crashScenario = (workflow: () => string, label: string, checkpointed: boolean) => async () => {
    // The same workflow and input without a crash: what the log should read.
    const reference = await startRun(webA, workflow(), gateCall(label))
    expect((await finished(webA, reference)).status).toBe('succeeded')
    const expected = (await storedEvents(reference)).map(({ type, data }) => ({ type, data }))

    gate.hold(label)
    const runId = await startRun(webA, workflow(), gateCall(label))
    const streams = [readEventStream(webA, runId), readEventStream(webB, runId)]
    // Should the test fail before it reads them, their end (the hosts killed) is no further error.
    for (const stream of streams) stream.catch(() => {})
    // Its worker is inside the tool call, which is in the log: the superstep that holds it is cut off midway.
    await gate.called(label, 2)
    await waitFor(async () => {
      const row = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })
      const calls = (await storedEvents(runId)).filter((event) => event.type === 'tool_call')
      return calls.length > 0 && (row.checkpointId !== null) === checkpointed ? true : undefined
    })
    const killed = await holderOf(runId)
    await killed.kill('SIGKILL')
    const storedBeforeCrash = await storedEvents(runId)
    const survivor = workers.find((worker) => worker !== killed)!

    // Once the lease lapses the other worker takes the run and replays the superstep that was cut off.
    await gate.called(label, 3)
    expect(await holderOf(runId)).toBe(survivor)
    gate.open(label)
    const done = await finished(webB, runId)
    expect(done.status).toBe('succeeded')
    expect(done.outputs).toEqual((await viewOf(webA, reference)).run.outputs)
    const row = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })
    expect(row.attempts).toBe(2)

    const stored = await storedEvents(runId)
    expect(stored.map(({ type, data }) => ({ type, data }))).toEqual(expected)
    expect(stored.map((event) => event.sequence)).toEqual(stored.map((_, i) => i + 1))
    // What was stored before the crash stayed as it was: the replay matched it rather than writing it again.
    expect(stored.slice(0, storedBeforeCrash.length)).toEqual(storedBeforeCrash)
    // Followers on both web processes saw the same log, across the takeover.
    const [seenOnA, seenOnB] = await Promise.all(streams)
    expect(withoutTimes(seenOnA)).toEqual(withoutTimes(stored))
    expect(withoutTimes(seenOnB)).toEqual(withoutTimes(stored))

    // A replacement, so that two workers share the next scenarios again.
    workers = [survivor, await startWorker(`worker ${startedProcesses().length - 1}`, env)]
  }

  it(
    'resumes a run whose worker was killed before its first checkpoint, on the other worker from its input, with the log a run without the crash writes',
    crashScenario(() => gatedWorkflowId, 'crash-early', false),
    SCENARIO_TIMEOUT_MS,
  )

  it(
    'resumes a run whose worker was killed after a checkpoint, on the other worker from that checkpoint, with the log a run without the crash writes',
    crashScenario(() => laterGatedWorkflowId, 'crash-late', true),
    SCENARIO_TIMEOUT_MS,
  )

  it(
    'stops a run on a worker when it is cancelled through the other web host, freeing the worker',
    async () => {
      gate.hold('cancel')
      const runId = await startRun(webA, gatedWorkflowId, gateCall('cancel'))
      await gate.called('cancel')
      await holderOf(runId)

      await api(webB, `/api/runs/${runId}/cancel`, {})
      // The worker let go of the run (its slot free) without the tool having answered.
      const done = await finished(webB, runId)
      expect(done.status).toBe('cancelled')
      const types = (await storedEvents(runId)).map((event) => event.type)
      expect(types.at(-1)).toBe('run_cancelled')
      expect(types.filter((type) => ['run_succeeded', 'run_failed', 'run_cancelled'].includes(type))).toEqual(['run_cancelled'])
      gate.open('cancel')

      // The freed slots take new runs.
      const next = await startRun(webB, gatedWorkflowId, gateCall('after-cancel'))
      expect((await finished(webA, next)).status).toBe('succeeded')
      expect((await storedEvents(runId)).map((event) => event.type)).toEqual(types)
    },
    SCENARIO_TIMEOUT_MS,
  )

  it(
    'hands the runs of stopping processes back to the queue: worker processes and a web process with its own worker, on SIGTERM',
    async () => {
      // Workers stopped by SIGTERM exit with the signal's code, holding nothing.
      for (const worker of workers) {
        await worker.kill('SIGTERM')
        expect(worker.child.exitCode).toBe(143)
      }
      const webWithWorker = await startWebHost('web C', env, { worker: true })
      gate.hold('sigterm')
      const runId = await startRun(webWithWorker, gatedWorkflowId, gateCall('sigterm'))
      await gate.called('sigterm')
      const held = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })
      expect(held.workerId).not.toBeNull()

      // Stopping, its worker waits out the grace period for the held tool call, then gives the run back.
      await webWithWorker.kill('SIGTERM')
      expect(webWithWorker.child.exitCode).toBe(143)
      // No other process is running a worker: the run was released by the stopping one, not taken over after its lease lapsed.
      const released = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })
      expect(released).toMatchObject({ workerId: null, error: null, status: 'running' })
      expect(await app.db.sql.query(`SELECT 1 FROM "Run" WHERE id = $1 AND "readyAt" IS NOT NULL`, [runId])).toHaveLength(1)

      gate.open('sigterm')
      await startWorkers()
      const done = await finished(webA, runId)
      expect(done.status).toBe('succeeded')
      expect((await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })).attempts).toBe(2)
    },
    SCENARIO_TIMEOUT_MS,
  )

  it(
    'keeps a parked run and a debug run paused at a breakpoint through a SIGKILL of every process: other processes finish the first after its answer, step the second, then stop it',
    async () => {
      // One restart of every process for both kinds of durable pause: a person's answer, and a debugger's breakpoint.
      const runId = await startRun(webA, askingWorkflowId, 'go')
      const approvalId = await parked(webB, runId)
      const debug = { breakpoints: [{ nodeId: 'second', when: 'before' }] }
      const debugRunId = (await api<{ run: { id: string } }>(webA, '/api/runs', { workflowId: debugWorkflowId, input: 'go', debug })).run.id
      await parked(webB, debugRunId)
      const ran = async () =>
        (await storedEvents(debugRunId)).filter((event) => event.type === 'executor_invoked').map((event) => (event.data as { executorId: string }).executorId)
      expect(await ran()).toEqual(['start', 'first'])

      await Promise.all([webA, webB, ...workers].map((child) => child.kill('SIGKILL')))
      await Promise.all([startWebHosts(), startWorkers()])

      await api(webB, `/api/approvals/${approvalId}`, { decision: 'approve', content: { text: 'green' } })
      const done = await finished(webA, runId)
      expect(done).toMatchObject({ status: 'succeeded', outputs: ['green'] })

      await api(webB, `/api/runs/${debugRunId}/debug`, { action: 'step' })
      await waitFor(async () => ((await storedEvents(debugRunId)).filter((event) => event.type === 'breakpoint_hit').length === 2 ? true : undefined))
      await parked(webA, debugRunId)
      expect(await ran()).toEqual(['start', 'first', 'second'])

      await api(webA, `/api/runs/${debugRunId}/debug`, { action: 'stop' })
      expect(await finished(webB, debugRunId)).toMatchObject({ status: 'cancelled' })
      expect(await ran()).toEqual(['start', 'first', 'second'])
    },
    SCENARIO_TIMEOUT_MS,
  )
})
