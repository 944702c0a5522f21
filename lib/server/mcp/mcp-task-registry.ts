/**
 * The long-running MCP tasks each run has going in this process, so that a person's Cancel can
 * reach the tool whose connection the task lives on. Filled from the tools' task-status callback
 * (mcp-connections.ts), read by the worker's watcher when a cancel request shows up in the run's
 * events. One per AppContext (`app.mcpTasks`), beside its `activeRuns`: the tasks are part of the
 * runs this process executes.
 */
import { isEndedTaskStatus, type MCPTool } from '@/lib/core'

interface LiveTask {
  tool: MCPTool
  /** Set once a cancel was sent, so a request seen twice (poll and wake) cancels once. */
  cancelSent: boolean
}

/** A task is named by its server (the registry id) and its id: ids are only unique per server. */
const taskKey = (serverId: string, taskId: string) => `${serverId}\u0000${taskId}`

export class McpTaskRegistry {
  private readonly runs = new Map<string, Map<string, LiveTask>>()

  /** Records a status change: a live task is (still) registered, a finished one is dropped. */
  observe(runId: string, serverId: string, taskId: string, status: string, tool: MCPTool): void {
    if (isEndedTaskStatus(status)) return this.forget(runId, serverId, taskId)
    const tasks = this.runs.get(runId) ?? new Map<string, LiveTask>()
    this.runs.set(runId, tasks)
    const key = taskKey(serverId, taskId)
    if (!tasks.has(key)) tasks.set(key, { tool, cancelSent: false })
  }

  forget(runId: string, serverId: string, taskId: string): void {
    const tasks = this.runs.get(runId)
    tasks?.delete(taskKey(serverId, taskId))
    if (tasks?.size === 0) this.runs.delete(runId)
  }

  /** Drops the tasks of a tool that is closing: nothing can reach them through it any more. */
  forgetTool(runId: string, tool: MCPTool): void {
    const tasks = this.runs.get(runId)
    if (!tasks) return
    for (const [key, task] of tasks) if (task.tool === tool) tasks.delete(key)
    if (tasks.size === 0) this.runs.delete(runId)
  }

  forgetRun(runId: string): void {
    this.runs.delete(runId)
  }

  hasLiveTasks(runId: string): boolean {
    return (this.runs.get(runId)?.size ?? 0) > 0
  }

  /**
   * Asks the task's server to cancel it. False when this process does not hold the task (another
   * worker's run, or it already ended) or a cancel was sent already. The server may refuse or not
   * answer (lib/core logs that and never throws); then `onRefused` is called, if the task is still
   * live, and a new request may be made.
   */
  requestCancel(runId: string, serverId: string, taskId: string, onRefused?: () => void): boolean {
    const key = taskKey(serverId, taskId)
    const task = this.runs.get(runId)?.get(key)
    if (!task || task.cancelSent) return false
    task.cancelSent = true
    const refused = () => {
      task.cancelSent = false
      if (this.runs.get(runId)?.get(key) === task) onRefused?.()
    }
    task.tool.cancelTask(taskId).then(
      (accepted) => {
        if (!accepted) refused()
      },
      (error: unknown) => {
        console.warn(`[mcp] could not cancel task ${taskId} of '${serverId}' in run ${runId}:`, error instanceof Error ? error.message : error)
        refused()
      },
    )
    return true
  }
}
