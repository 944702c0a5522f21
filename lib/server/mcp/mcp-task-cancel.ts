/**
 * A person asks to cancel a long-running MCP task of a run. The web process may not be the one
 * running the run (`npm run worker`), so the request is recorded as a run event, which the
 * process running the run acts on (mcp-task-cancel-watcher.ts) — the way a run's own cancel
 * works through its row.
 */
import type { AppContext } from '../app-context'
import { conflict, notFound } from '../domain-errors'
import { MCP_TASK_CANCEL_REQUESTED_EVENT, MCP_TASK_STATUS_EVENT, type McpTaskRef, type McpTaskStatusData } from '@/lib/contracts/run-events'
import type { CancelMcpTaskBody } from '@/lib/contracts/runs'
import { isEndedTaskStatus } from '@/lib/core'

export class McpTaskCancelService {
  constructor(private readonly app: AppContext) {}

  async request(runId: string, { serverId, taskId }: CancelMcpTaskBody): Promise<{ requested: true }> {
    const run = await this.app.db.prisma.run.findUnique({ where: { id: runId }, select: { status: true } })
    if (!run) throw notFound('Run', runId)
    if (run.status !== 'running' && run.status !== 'waiting') throw conflict('run_not_active', `The run is not running (${run.status}).`)
    const status = await this.latestStatus(runId, serverId, taskId)
    if (status === undefined || isEndedTaskStatus(status)) throw conflict('task_not_running', 'This task is not running.')
    const data: McpTaskRef = { serverId, taskId }
    // The append wakes the watcher of the process running the run at once (in this process or, through NOTIFY, another).
    await this.app.events.append(runId, MCP_TASK_CANCEL_REQUESTED_EVENT, data)
    return { requested: true }
  }

  /** The status of the task's newest `mcp_task_status` event, if it has one. */
  private async latestStatus(runId: string, serverId: string, taskId: string): Promise<string | undefined> {
    const event = await this.app.db.prisma.runEvent.findFirst({
      where: {
        runId,
        type: MCP_TASK_STATUS_EVENT,
        AND: [{ data: { path: ['serverId'], equals: serverId } }, { data: { path: ['taskId'], equals: taskId } }],
      },
      orderBy: { sequence: 'desc' },
      select: { data: true },
    })
    const status = (event?.data as Partial<McpTaskStatusData> | null | undefined)?.status
    return typeof status === 'string' ? status : undefined
  }
}
