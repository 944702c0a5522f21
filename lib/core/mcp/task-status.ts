/**
 * MCP task statuses (the tasks part of the MCP spec), shared by the task lifecycle, the app's task
 * registry and the run view. Dependency-free, so the browser bundle can import it.
 */

/** Statuses after which a task does nothing more. */
export const MCP_TASK_END_STATUSES: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled'])

export function isEndedTaskStatus(status: string): boolean {
  return MCP_TASK_END_STATUSES.has(status)
}
