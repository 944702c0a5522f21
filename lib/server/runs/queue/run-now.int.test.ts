/**
 * Runs started "now" (run-now.ts) with real processes: web A runs a worker of its own, as
 * `next start` does by default; web B has none; worker 1 is an `npm run worker` process. A
 * `/v1/responses` request or a chat message sent to web A is run by web A's worker at once, with no
 * job, and stays durable: web A killed mid-run, worker 1 resumes it once its lease lapses. Cancels
 * reach it from web A itself (Stop in the chat) and from web B (through NOTIFY). The slow step is
 * the gate's tool call (gated-mcp-server.ts), so nothing depends on timing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { RunView } from '@/lib/contracts/runs'
import { AgentSettingsSchema, type GraphDocument } from '@/lib/graph'
import { startGatedMcpServer, type GatedMcpServer } from '../../testing/gated-mcp-server'
import {
  killStartedProcesses,
  startedProcesses,
  startWebHost,
  startWorker,
  type WebHostProcess,
  type WorkerProcess,
} from '../../testing/processes/app-processes'
import { createTestApp, principalOf, type TestApp } from '../../testing/test-app'
import { testDatabaseServerUrl } from '../../testing/test-database'
import { waitFor, waitForRunEnd } from '../../testing/wait-for'
import { WorkflowService } from '../../workflows/workflow-service'

/** Long enough that a live worker starved of CPU on a loaded machine (renewing every third of it) keeps its runs. */
const LEASE_MS = 5000
/** Outer limits only, to end a hung test: every wait is on a state or an event, never on the clock. */
const SCENARIO_TIMEOUT_MS = 300_000
const SETUP_TIMEOUT_MS = 300_000

/** The demo model calls the gate's tool with this label, then answers with its result. */
const gateCall = (label: string) => `/call gate_wait {"label":"${label}"}`

const GATED: GraphDocument = {
  schemaVersion: 1,
  nodes: [
    { id: 'start', kind: 'start', data: {}, position: { x: 0, y: 0 } },
    { id: 'gatekeeper', kind: 'agent', data: { name: 'gatekeeper', model: { provider: 'demo' }, mcpServerIds: ['gate'] }, position: { x: 200, y: 0 } },
    { id: 'output', kind: 'output', data: {}, position: { x: 400, y: 0 } },
  ],
  edges: [
    { id: 'e0', source: 'start', target: 'gatekeeper' },
    { id: 'e1', source: 'gatekeeper', target: 'output' },
  ],
} as GraphDocument

describe('runs started at once by the web process that received the request', () => {
  let app: TestApp
  let gate: GatedMcpServer
  let env: NodeJS.ProcessEnv
  let webA: WebHostProcess
  let webB: WebHostProcess
  let worker: WorkerProcess
  let workflowId: string
  let agentId: string

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    gate = await startGatedMcpServer()
    await app.db.prisma.mcpServer.create({
      data: { id: 'gate', name: 'Gate', transport: 'http', config: { url: gate.url }, secrets: { env: {}, headers: {} } },
    })
    workflowId = (await new WorkflowService(app.db.prisma).create(principalOf(app.admin), { name: 'gated now', graph: GATED })).workflow.id
    const agent = await app.db.prisma.agent.create({ data: { name: 'Gatekeeper', ownerId: app.admin.id } })
    const definition = AgentSettingsSchema.parse({ name: 'Gatekeeper', model: { provider: 'demo' }, mcpServerIds: ['gate'] })
    await app.db.prisma.agentVersion.create({ data: { agentId: agent.id, version: 1, definition, authorId: app.admin.id } })
    agentId = agent.id

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
    ;[webA, webB, worker] = await Promise.all([startWebHost('web A', env, { worker: true }), startWebHost('web B', env), startWorker('worker 1', env)])
    // Three processes starting at once on a busy machine take a while.
  }, SETUP_TIMEOUT_MS)

  afterEach((context) => {
    if (context.task.result?.state !== 'fail') return
    for (const child of startedProcesses()) console.error(`--- output of ${child.name} (pid ${child.child.pid}) ---\n${child.output()}`)
  })

  afterAll(async () => {
    // Every process spawned, ready or not: a setup that failed half-way leaves none behind.
    await killStartedProcesses()
    await gate?.close()
    await app?.close()
  })

  async function call(host: WebHostProcess, path: string, body?: unknown): Promise<Response> {
    return fetch(`${host.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${app.admin.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  }

  async function api<T>(host: WebHostProcess, path: string, body?: unknown): Promise<T> {
    const response = await call(host, path, body)
    const text = await response.text()
    if (!response.ok) throw new Error(`${host.name}: ${path} answered ${response.status}: ${text}`)
    return JSON.parse(text) as T
  }

  /** A non-streaming Responses request to web A for the gated workflow; resolves with its answer's body. */
  const respond = (label: string) =>
    api<{ status: string; output_text?: string; incomplete_details?: { reason: string } }>(webA, '/v1/responses', {
      model: `workflow:${workflowId}`,
      input: gateCall(label),
    })

  /** The run of the workflow started last (its request is still waiting for it). */
  async function latestRun(): Promise<{ id: string; workerId: string | null; status: string; attempts: number }> {
    return waitFor(async () => (await app.db.prisma.run.findFirst({ where: { workflowId }, orderBy: { createdAt: 'desc' } })) ?? undefined)
  }

  /** The run as ready for any worker (a queued run is, until a worker claims it; a run started at once never is). */
  const markedReady = (runId: string) => app.db.sql.query(`SELECT 1 FROM "Run" WHERE id = $1 AND "readyAt" IS NOT NULL`, [runId])
  const viewOf = (host: WebHostProcess, runId: string) => api<RunView>(host, `/api/runs/${runId}`)
  const finished = (host: WebHostProcess, runId: string) => waitForRunEnd({ get: (id) => viewOf(host, id) }, app.events, runId)
  const eventTypes = async (runId: string) => (await app.events.listAfter(runId, 0, 10_000)).map((event) => event.type)

  it(
    'runs a Responses request in web A at once, and answers it from the events in memory',
    async () => {
      const answer = await respond('quick')
      expect(answer).toMatchObject({ status: 'completed' })
      expect(answer.output_text).toContain('quick')
      const run = await latestRun()
      // Started claimed by web A's worker: never queued, never taken by worker 1.
      expect(run).toMatchObject({ status: 'succeeded', attempts: 1, workerId: null })
      expect(await markedReady(run.id)).toHaveLength(0)
      expect((await eventTypes(run.id)).slice(0, 2)).toEqual(['run_queued', 'run_started'])
    },
    SCENARIO_TIMEOUT_MS,
  )

  it(
    'stops a run-now run cancelled through web B (NOTIFY), answers the waiting request, and frees the slot',
    async () => {
      gate.hold('cancel-b')
      const answer = respond('cancel-b')
      answer.catch(() => {})
      await gate.called('cancel-b')
      const run = await latestRun()
      expect(run).toMatchObject({ status: 'running', attempts: 1 })
      expect(run.workerId).not.toBe(worker.workerId)
      expect(await markedReady(run.id)).toHaveLength(0)

      await api(webB, `/api/runs/${run.id}/cancel`, {})
      expect(await answer).toMatchObject({ status: 'incomplete', incomplete_details: { reason: expect.stringContaining('run_cancelled') } })
      expect((await finished(webB, run.id)).status).toBe('cancelled')
      const types = await eventTypes(run.id)
      expect(types.filter((type) => ['run_succeeded', 'run_failed', 'run_cancelled'].includes(type))).toEqual(['run_cancelled'])
      gate.open('cancel-b')
      // Web A goes on running what it receives at once.
      expect((await respond('after-cancel')).status).toBe('completed')
      const next = await latestRun()
      expect(next).toMatchObject({ status: 'succeeded', attempts: 1 })
      expect(await markedReady(next.id)).toHaveLength(0)
    },
    SCENARIO_TIMEOUT_MS,
  )

  it(
    'stops a chat turn started at once in web A when Stop is pressed there',
    async () => {
      const conversation = await api<{ id: string }>(webA, `/api/agents/${agentId}/conversations`, { title: 'stop me' })
      gate.hold('stop-chat')
      const { runId } = await api<{ runId: string }>(webA, `/api/conversations/${conversation.id}/messages`, { text: gateCall('stop-chat') })
      await gate.called('stop-chat')
      const row = await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })
      expect(row).toMatchObject({ status: 'running', attempts: 1 })
      expect(row.workerId).not.toBe(worker.workerId)
      expect(await markedReady(runId)).toHaveLength(0)

      await api(webA, `/api/runs/${runId}/cancel`, {})
      expect((await finished(webA, runId)).status).toBe('cancelled')
      expect((await eventTypes(runId)).at(-1)).toBe('run_cancelled')
      gate.open('stop-chat')
      // The conversation goes on: the next message is a turn of its own.
      const next = await api<{ runId: string }>(webA, `/api/conversations/${conversation.id}/messages`, { text: 'And now?' })
      expect((await finished(webA, next.runId)).status).toBe('succeeded')
    },
    SCENARIO_TIMEOUT_MS,
  )

  it(
    'resumes a run-now run on worker 1 when web A is killed mid-run',
    async () => {
      gate.hold('crash')
      const answer = respond('crash')
      // The request dies with web A.
      answer.catch(() => {})
      await gate.called('crash')
      const run = await latestRun()
      expect(run).toMatchObject({ status: 'running', attempts: 1 })
      expect(run.workerId).not.toBe(worker.workerId)
      expect(await markedReady(run.id)).toHaveLength(0)

      await webA.kill('SIGKILL')
      // Once its lease lapses, worker 1 takes it and calls the tool again.
      await gate.called('crash', 2)
      expect((await app.db.prisma.run.findUniqueOrThrow({ where: { id: run.id } })).workerId).toBe(worker.workerId)
      gate.open('crash')
      const done = await finished(webB, run.id)
      expect(done.status).toBe('succeeded')
      expect(done.outputs).toEqual([expect.stringContaining('crash')])
      expect((await app.db.prisma.run.findUniqueOrThrow({ where: { id: run.id } })).attempts).toBe(2)
      const types = await eventTypes(run.id)
      expect(types.filter((type) => type === 'run_succeeded')).toHaveLength(1)
    },
    SCENARIO_TIMEOUT_MS,
  )
})
