/**
 * Runs on a shared MCP connection, end to end on real parts: fixture servers spawned over stdio
 * with `shareConnection` on, a test database, the run worker executing two runs at once, and the
 * agents' model scripted by the demo model's `/call` lines. What the one connection observes
 * reaches the run that made the call: its task statuses land in that run's log, and that run's
 * Cancel reaches its task. A server asking for sampling is refused without anyone being asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturePath, type FixtureName } from '@/lib/core/mcp/testing'
import { NO_CLIENT_MESSAGE } from '@/lib/core'
import type { GraphDocument } from '@/lib/graph'
import { MCP_TASK_STATUS_EVENT, type McpTaskStatusData } from '@/lib/contracts/run-events'
import { RunService } from '../runs/run-service'
import { RunWorker } from '../runs/execution/run-worker'
import { graph } from '@/lib/graph/testing/graph-builder'
import { createTestApp, principalOf } from '../testing/test-app'
import { waitFor, waitForRunEnd } from '../testing/wait-for'
import { WorkflowService } from '../workflows/workflow-service'
import { McpTaskCancelService } from './mcp-task-cancel'

/** start → an agent on the demo model that may call the server's tools without asking → output. */
function agentWorkflow(serverId: string): GraphDocument {
  return graph()
    .start()
    .agent('agent', { name: 'Caller', mcpServerIds: [serverId], toolApprovalMode: 'never_require' })
    .output()
    .chain('start', 'agent', 'output')
    .build()
}

const slowReport = (label: string, durationMs: number) => `/call tasks_slow_report {"label":"${label}","durationMs":${durationMs}}`

describe('runs sharing one MCP connection', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  let worker: RunWorker
  let runs: RunService
  const workflows: Record<string, string> = {}

  beforeAll(async () => {
    app = await createTestApp()
    const servers: Array<[string, FixtureName]> = [
      ['tasks', 'task-server'],
      ['asks', 'sampling-server'],
    ]
    for (const [id, fixture] of servers) {
      await app.db.prisma.mcpServer.create({
        data: {
          id,
          name: `Shared ${id}`,
          transport: 'stdio',
          shareConnection: true,
          config: { command: 'node', args: [fixturePath(fixture)] },
          secrets: { env: {}, headers: {} },
        },
      })
      workflows[id] = (await new WorkflowService(app.db.prisma).create(principalOf(app.admin), { name: id, graph: agentWorkflow(id) })).workflow.id
    }
    runs = new RunService(app)
    worker = new RunWorker(app, { concurrency: 2 })
    await worker.start()
  })
  afterAll(async () => {
    await worker?.stop()
    await app?.close()
  })

  const start = async (serverId: string, input: string) => (await runs.create(principalOf(app.admin), { workflowId: workflows[serverId], input })).id
  const finished = (runId: string) => waitForRunEnd({ get: (id) => runs.get(principalOf(app.admin), id) }, app.events, runId)
  const statuses = async (runId: string): Promise<McpTaskStatusData[]> =>
    (await app.events.listAfter(runId)).filter((event) => event.type === MCP_TASK_STATUS_EVENT).map((event) => event.data as McpTaskStatusData)
  const taskWith = (runId: string, status: string) => waitFor(async () => (await statuses(runId)).find((s) => s.status === status)?.taskId)

  it('records each task in the log of the run that started it, and a Cancel reaches the task', async () => {
    const long = await start('tasks', slowReport('long', 600_000))
    const longTask = await taskWith(long, 'working')
    const short = await start('tasks', slowReport('short', 300))
    expect((await finished(short)).status).toBe('succeeded')

    const shortStatuses = await statuses(short)
    expect(shortStatuses.map((s) => s.status)).toContain('completed')
    const shortTasks = new Set(shortStatuses.map((s) => s.taskId))
    expect(shortTasks.size).toBe(1)
    expect(shortTasks.has(longTask)).toBe(false)
    expect((await statuses(long)).every((s) => s.taskId === longTask)).toBe(true)
    // One connection, still used by the long run.
    expect(app.mcpPool.stats()).toEqual({ open: 1, inUse: 1 })

    await new McpTaskCancelService(app).request(long, { serverId: 'tasks', taskId: longTask })
    expect(await taskWith(long, 'cancelled')).toBe(longTask)
    expect((await finished(long)).status).toBe('succeeded')
    const results = (await app.events.listAfter(long)).filter((event) => event.type === 'tool_result').map((event) => JSON.stringify(event.data))
    expect(results).toHaveLength(1)
    expect(results[0]).toMatch(/task cancelled/)
    expect(app.mcpTasks.hasLiveTasks(long)).toBe(false)
    // Both runs are over; the connection stays open for the next.
    await waitFor(async () => (app.mcpPool.stats().inUse === 0 ? true : undefined))
    expect(app.mcpPool.stats().open).toBe(1)
  })

  it('refuses a shared server’s sampling request without asking anyone, and the run goes on', async () => {
    const runId = await start('asks', '/call asks_ask_model {"question":"Anyone there?"}')
    expect((await finished(runId)).status).toBe('succeeded')
    const results = (await app.events.listAfter(runId)).filter((event) => event.type === 'tool_result').map((event) => JSON.stringify(event.data))
    expect(results).toHaveLength(1)
    expect(results[0]).toContain(NO_CLIENT_MESSAGE)
    expect(await app.db.prisma.approvalRequest.count({ where: { runId } })).toBe(0)
  })
})
