/** The runs view's own requests (the fetch client itself is components/api-client.ts). */
import { fetchJson, postJson } from '@/components/api-client'
import type { CheckpointDetail, CheckpointList, CreatedFork, CreateForkBody, RunForks } from '@/lib/contracts/run-forks'
import type { DebugAction } from '@/lib/contracts/run-debug'
import type { RunComparison } from '@/lib/contracts/run-compare'
import type { CancelMcpTaskBody, RunDetail, RunStatus, RunSummary, RunTriggerKind, RunView } from '@/lib/contracts/runs'

const runUrl = (runId: string) => `/api/runs/${encodeURIComponent(runId)}`

/** The newest 100 runs, of one workflow or of all, in one status or in any, of one workspace or of all. */
export async function listRuns(workflowId?: string, status?: RunStatus, workspaceId?: string, trigger?: RunTriggerKind): Promise<RunSummary[]> {
  const query = new URLSearchParams({ limit: '100' })
  if (workflowId) query.set('workflowId', workflowId)
  if (status) query.set('status', status)
  if (workspaceId) query.set('workspaceId', workspaceId)
  if (trigger) query.set('trigger', trigger)
  return (await fetchJson<{ runs: RunSummary[] }>(`/api/runs?${query.toString()}`)).runs
}

/** A run with its graph, approvals and events so far. */
export function getRun(runId: string): Promise<RunView> {
  return fetchJson<RunView>(runUrl(runId))
}

export async function cancelRun(runId: string): Promise<Partial<RunDetail>> {
  return (await postJson<{ run: Partial<RunDetail> }>(`${runUrl(runId)}/cancel`, {})).run
}

/** Asks the process running the run to cancel one of its long-running MCP tasks (202: requested). */
export function cancelMcpTask(runId: string, task: CancelMcpTaskBody): Promise<{ requested: true }> {
  return postJson<{ requested: true }>(`${runUrl(runId)}/mcp-tasks/cancel`, { serverId: task.serverId, taskId: task.taskId })
}

/** The run's checkpoints, one per superstep (time travel). */
export async function listCheckpoints(runId: string): Promise<CheckpointList['checkpoints']> {
  return (await fetchJson<CheckpointList>(`${runUrl(runId)}/checkpoints`)).checkpoints
}

/** The state at one checkpoint: executors, messages in flight, agents' conversations, pending requests. */
export function getCheckpoint(runId: string, checkpointId: string): Promise<CheckpointDetail> {
  return fetchJson<CheckpointDetail>(`${runUrl(runId)}/checkpoints/${encodeURIComponent(checkpointId)}`)
}

/** The run, the run it was forked from and its forks. */
export function getRunForks(runId: string): Promise<RunForks> {
  return fetchJson<RunForks>(`${runUrl(runId)}/forks`)
}

/** Two runs side by side. */
export function compareRuns(a: string, b: string): Promise<RunComparison> {
  return fetchJson<RunComparison>(`/api/runs/compare?${new URLSearchParams({ a, b }).toString()}`)
}

/** A new run from a copy of one of the run's checkpoints (edited or not). */
export function forkRun(runId: string, body: CreateForkBody): Promise<CreatedFork> {
  return postJson<CreatedFork>(`${runUrl(runId)}/forks`, body)
}

/** A debug run paused at a breakpoint: continue, step one superstep, or stop. */
export function actOnPausedRun(runId: string, action: DebugAction): Promise<{ action: DebugAction; runId: string }> {
  return postJson(`${runUrl(runId)}/debug`, { action })
}
