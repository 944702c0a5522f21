/** The runs view's own requests (the fetch client itself is components/api-client.ts). */
import { postJson } from '@/components/api-client'
import type { CancelMcpTaskBody } from '@/lib/contracts/runs'

/** Asks the process running the run to cancel one of its long-running MCP tasks (202: requested). */
export function cancelMcpTask(runId: string, task: CancelMcpTaskBody): Promise<{ requested: true }> {
  return postJson<{ requested: true }>(`/api/runs/${encodeURIComponent(runId)}/mcp-tasks/cancel`, { serverId: task.serverId, taskId: task.taskId })
}
