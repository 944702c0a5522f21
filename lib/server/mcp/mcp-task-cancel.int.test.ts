/**
 * Long-running MCP tasks in a run, end to end on real parts: the task fixture server spawned over
 * stdio, a test database, the run worker, and the agent's model scripted by the demo model's
 * `/call` lines (the model runs use: the worker builds its own chat client). The run's log shows
 * each task's status; the cancel route records a request the worker acts on — at once, whether
 * the request is made in this process or in another (NOTIFY) — and the server's task ends
 * cancelled while the run goes on to finish. A run answered so quickly that it is back in the worker before its last
 * execution has left is still the worker's to cancel, its task with it.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POST as cancelTaskRoute } from '@/app/api/runs/[id]/mcp-tasks/cancel/route'
import { fixturePath } from '@/lib/core/mcp/testing'
import type { GraphDocument } from '@/lib/graph'
import { graph } from '@/lib/graph/testing/graph-builder'
import {
  MCP_TASK_CANCEL_FAILED_EVENT,
  MCP_TASK_CANCEL_REQUESTED_EVENT,
  MCP_TASK_STATUS_EVENT,
  type McpTaskStatusData,
  type RunEvent,
} from '@/lib/contracts/run-events'
import { PgNotifications } from '../db/pg-notifications'
import { RunEventLog } from '../runs/events/run-event-log'
import { RunService } from '../runs/run-service'
import { RunWorker } from '../runs/execution/run-worker'
import { callRoute, createTestApp, principalOf } from '../testing/test-app'
import { WorkflowService } from '../workflows/workflow-service'
import { MCP_TASK_CANCEL_FAILED_MESSAGE } from './mcp-task-events'
import { McpTaskCancelService } from './mcp-task-cancel'
import { waitFor, waitForRunEnd } from '../testing/wait-for'

const SERVER = 'tasks'
/** Long enough never to finish by itself within the test: only a cancel ends it. */
const slowReport = (label: string) => `/call ${SERVER}_slow_report {"label":"${label}","durationMs":600000}`

/** start → an agent on the demo model that may call the server's tools without asking → output. */
function agentWorkflow(): GraphDocument {
  return graph()
    .start()
    .agent('agent', { name: 'Reporter', mcpServerIds: [SERVER], toolApprovalMode: 'never_require' })
    .output()
    .chain('start', 'agent', 'output')
    .build()
}

describe('long-running MCP tasks in a run', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  let worker: RunWorker
  let runs: RunService
  let workflowId: string

  beforeAll(async () => {
    app = await createTestApp()
    await app.db.prisma.mcpServer.create({
      data: {
        id: SERVER,
        name: 'Task fixture',
        transport: 'stdio',
        config: { command: 'node', args: [fixturePath('task-server')] },
        secrets: { env: {}, headers: {} },
      },
    })
    workflowId = (await new WorkflowService(app.db.prisma).create(principalOf(app.admin), { name: 'tasks', graph: agentWorkflow() })).workflow.id
    runs = new RunService(app)
    worker = new RunWorker(app, { concurrency: 1 })
    await worker.start()
  })
  afterAll(async () => {
    await worker?.stop()
    await app?.close()
  })

  const statuses = async (runId: string): Promise<McpTaskStatusData[]> =>
    (await app.events.listAfter(runId)).filter((event) => event.type === MCP_TASK_STATUS_EVENT).map((event) => event.data as McpTaskStatusData)
  /** The id of the run's `index`-th task (in the order they started), once it has reported `status`. */
  const taskWith = (runId: string, index: number, status: string) =>
    waitFor(async () => {
      const seen = await statuses(runId)
      const taskIds = [...new Set(seen.map((s) => s.taskId))]
      const taskId = taskIds[index]
      return taskId !== undefined && seen.some((s) => s.taskId === taskId && s.status === status) ? taskId : undefined
    })
  const cancel = (runId: string, body: unknown) => callRoute(cancelTaskRoute, { params: { id: runId }, body })
  const finished = (runId: string) => waitForRunEnd({ get: (id) => runs.get(principalOf(app.admin), id) }, app.events, runId)

  it('shows the tasks working, cancels each on request, and the run finishes with the cancellations reported', async () => {
    const run = await runs.create(principalOf(app.admin), { workflowId, input: `${slowReport('first')}\n${slowReport('second')}` })

    const first = await taskWith(run.id, 0, 'working')
    const firstStatus = (await statuses(run.id)).find((s) => s.taskId === first)
    expect(firstStatus).toEqual({
      serverId: SERVER,
      serverName: 'Task fixture',
      toolName: 'slow_report',
      taskId: first,
      status: 'working',
      callId: expect.any(String),
    })
    // The status names the agent's tool call, and comes after that call's line in the log.
    const logged = await app.events.listAfter(run.id)
    const callLine = logged.findIndex((e) => e.type === 'tool_call' && (e.data as { callId?: string }).callId === firstStatus!.callId)
    const statusLine = logged.findIndex((e) => e.type === MCP_TASK_STATUS_EVENT && (e.data as McpTaskStatusData).taskId === first)
    expect(callLine).toBeGreaterThanOrEqual(0)
    expect(statusLine).toBeGreaterThan(callLine)

    // Refused: an id no task of the run has, a body that is not one, a run that does not exist.
    expect(await cancel(run.id, { serverId: SERVER, taskId: 'no-such-task' })).toMatchObject({
      status: 409,
      body: { error: { code: 'task_not_running', message: 'This task is not running.' } },
    })
    expect(await cancel(run.id, { serverId: SERVER, taskId: first })).toMatchObject({ status: 202, body: { requested: true } })
    expect((await cancel(run.id, { serverId: '', taskId: 7 })).status).toBe(400)
    expect((await callRoute(cancelTaskRoute, { params: { id: run.id }, rawBody: '{nope' })).body.error.code).toBe('invalid_json')
    expect(await cancel('00000000-0000-4000-8000-000000000000', { serverId: SERVER, taskId: first })).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    })

    // The request above (made in this process) reaches the server: its task ends cancelled.
    expect(await taskWith(run.id, 0, 'cancelled')).toBe(first)
    const second = await taskWith(run.id, 1, 'working')
    expect(second).not.toBe(first)
    // A task that ended cannot be cancelled again, while the run goes on.
    expect(await cancel(run.id, { serverId: SERVER, taskId: first })).toMatchObject({ status: 409, body: { error: { code: 'task_not_running' } } })

    // A request taken by another web process (its own event log and notification connection: no
    // in-process wake) reaches the worker through Postgres' NOTIFY.
    const otherNotifications = new PgNotifications(() => app.db.connectClient())
    try {
      const otherProcess = new McpTaskCancelService({ ...app, events: new RunEventLog(app.db, otherNotifications) })
      await expect(otherProcess.request(run.id, { serverId: SERVER, taskId: second })).resolves.toEqual({ requested: true })
      expect(await taskWith(run.id, 1, 'cancelled')).toBe(second)
    } finally {
      await otherNotifications.close()
    }

    const done = await finished(run.id)
    expect(done.status).toBe('succeeded')
    const events = await app.events.listAfter(run.id)
    // The agent was told each task was cancelled (the server's status message).
    const results = events.filter((event) => event.type === 'tool_result').map((event) => JSON.stringify(event.data))
    expect(results).toHaveLength(2)
    for (const result of results) expect(result).toMatch(/task cancelled: Client cancelled task execution/)
    expect(events.filter((event) => event.type === MCP_TASK_CANCEL_REQUESTED_EVENT).map((event) => event.data)).toEqual([
      { serverId: SERVER, taskId: first },
      { serverId: SERVER, taskId: second },
    ])
    expect(ordered(events, first)).toEqual(['working', 'cancelled'])
    expect(events.at(-1)?.type).toBe('run_succeeded')
    // Nothing of the run is left in the registry, and a cancel now is refused because the run is over.
    expect(app.mcpTasks.hasLiveTasks(run.id)).toBe(false)
    expect(await cancel(run.id, { serverId: SERVER, taskId: second })).toMatchObject({ status: 409, body: { error: { code: 'run_not_active' } } })
  })

  it('records the progress the server reports for a task in the run’s log', async () => {
    const input = `/call ${SERVER}_slow_report {"label":"progress","durationMs":1500,"progressSteps":3}`
    const run = await runs.create(principalOf(app.admin), { workflowId, input })
    expect((await finished(run.id)).status).toBe('succeeded')
    const reported = (await statuses(run.id)).filter((status) => status.progress !== undefined && status.status === 'working')
    // One line per step: the polls in between (no message of their own) repeat nothing.
    expect(reported.map((status) => status.progress)).toEqual([1, 2, 3])
    expect(reported[1]).toMatchObject({ status: 'working', total: 3, statusMessage: 'step 2 of 3', toolName: 'slow_report' })
  })

  it('records a cancel the server refuses, keeps the task running, and takes a second request', async () => {
    const run = await runs.create(principalOf(app.admin), { workflowId, input: slowReport('stubborn') })
    const task = await taskWith(run.id, 0, 'working')

    expect(await cancel(run.id, { serverId: SERVER, taskId: task })).toMatchObject({ status: 202, body: { requested: true } })
    const failure = await waitFor(async () => (await app.events.listAfter(run.id)).find((event) => event.type === MCP_TASK_CANCEL_FAILED_EVENT))
    expect(failure.data).toEqual({ serverId: SERVER, taskId: task, message: MCP_TASK_CANCEL_FAILED_MESSAGE })
    expect((await runs.get(principalOf(app.admin), run.id)).run.status).toBe('running')

    // The task still runs, so the person may ask again; this time the server accepts.
    expect(await cancel(run.id, { serverId: SERVER, taskId: task })).toMatchObject({ status: 202, body: { requested: true } })
    expect(await taskWith(run.id, 0, 'cancelled')).toBe(task)
    const done = await finished(run.id)
    expect(done.status).toBe('succeeded')
    const events = await app.events.listAfter(run.id)
    expect(events.filter((event) => event.type.startsWith('mcp_task_cancel')).map((event) => event.type)).toEqual([
      MCP_TASK_CANCEL_REQUESTED_EVENT,
      MCP_TASK_CANCEL_FAILED_EVENT,
      MCP_TASK_CANCEL_REQUESTED_EVENT,
    ])
  })
})

describe('a run answered while its last execution is still leaving the worker', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  let worker: RunWorker
  let folder: string

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    folder = await mkdtemp(path.join(tmpdir(), 'agentloom-task-record-'))
    await app.db.prisma.mcpServer.create({
      data: {
        id: SERVER,
        name: 'Task fixture',
        transport: 'stdio',
        config: { command: 'node', args: [fixturePath('task-server'), '--record', path.join(folder, 'tasks.log')] },
        secrets: { env: {}, headers: {} },
      },
    })
    // Two slots: the execution that parked still holds one while it leaves, and the answered run takes the other.
    worker = new RunWorker(app, { concurrency: 2 })
    await worker.start()
  })
  afterAll(async () => {
    await worker?.stop()
    await app?.close()
    await rm(folder, { recursive: true, force: true })
  })

  const recorded = () => readFile(path.join(folder, 'tasks.log'), 'utf8').catch(() => '')

  it('is still stopped by a cancel, and so is its task', async () => {
    const approvedGraph = graph()
      .start()
      .agent('agent', { name: 'Reporter', mcpServerIds: [SERVER], toolApprovalMode: 'always_require' })
      .output()
      .chain('start', 'agent', 'output')
      .build()
    const workflowId = (await new WorkflowService(app.db.prisma).create(principalOf(app.admin), { name: 'approved tasks', graph: approvedGraph })).workflow.id
    // The first execution's watch of cancel requests is held at its start, so the execution, once parked, waits for it
    // on its way out: the window in which a person's quick answer brings the run back to this worker.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let watchEnded = false
    const subscribe = app.events.subscribe.bind(app.events)
    app.events.subscribe = async (...args) => {
      app.events.subscribe = subscribe
      await held
      const unsubscribe = await subscribe(...args)
      return () => {
        watchEnded = true
        unsubscribe()
      }
    }

    const runs = new RunService(app)
    const run = await runs.create(principalOf(app.admin), { workflowId, input: slowReport('answered-while-leaving') })
    const approval = await waitFor(async () => (await app.approvals.list(principalOf(app.admin), { status: 'pending', runId: run.id }))[0])
    await waitFor(async () => ((await runs.get(principalOf(app.admin), run.id)).run.status === 'waiting' ? true : undefined))
    await app.approvals.answer(principalOf(app.admin), approval.id, { decision: 'approve' })
    const taskId = await waitFor(async () => /^created (\S+) answered-while-leaving$/m.exec(await recorded())?.[1])

    // The first execution leaves now; what the run holds is the second's.
    release()
    await waitFor(async () => (watchEnded ? true : undefined))
    await new Promise((resolve) => setImmediate(resolve))
    expect(app.activeRuns.has(run.id)).toBe(true)

    await runs.cancel(principalOf(app.admin), run.id)
    await waitFor(async () => ((await recorded()).includes(`cancelled ${taskId}`) ? true : undefined))
    await waitFor(async () => (app.activeRuns.has(run.id) ? undefined : true))
  })
})

function ordered(events: RunEvent[], taskId: string): string[] {
  return events
    .filter((e) => e.type === MCP_TASK_STATUS_EVENT && (e.data as McpTaskStatusData).taskId === taskId)
    .map((e) => (e.data as McpTaskStatusData).status)
}
