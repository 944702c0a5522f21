/**
 * The editor's client for the workflow routes. Answers are checked against their contracts in
 * lib/contracts/workflows.ts; error answers arrive as ApiError (components/api-client.ts).
 */
import { z } from 'zod'
import { ApiError, fetchParsed } from '@/components/api-client'
import { functionToolListResponseSchema, type FunctionToolSummary } from '@/lib/contracts/function-tools'
import { liveVersionResponseSchema, type LiveVersionResponse, type SaveLiveVersionRequest } from '@/lib/contracts/live-versions'
import type { RunDebug } from '@/lib/contracts/run-debug'
import type { McpToolSetting } from '@/lib/contracts/mcp-tools'
import { runSummarySchema } from '@/lib/contracts/runs'
import { serverFactsResponseSchema } from '@/lib/contracts/server-facts'
import {
  createdWorkflowResponseSchema,
  deletedWorkflowResponseSchema,
  invalidGraphDetailsSchema,
  updatedWorkflowResponseSchema,
  versionListResponseSchema,
  versionResponseSchema,
  workflowListResponseSchema,
  workflowResponseSchema,
  type CreateVersionRequest,
  type CreateWorkflowRequest,
  type CreatedWorkflowResponse,
  type VersionSummary,
  type DeletedWorkflowResponse,
  type DeleteWorkflowRuns,
  type WorkflowResponse,
  type WorkflowSettings,
  type WorkflowSummary,
  type WorkflowVersionView,
  type WorkflowView,
} from '@/lib/contracts/workflows'
import type { GraphDocument } from '@/lib/graph/document'
import type { GraphProblem } from '@/lib/graph/problems'
import type { ServerFacts } from '@/lib/graph/server-facts'
import { inWorkspace } from '@/components/workspaces/current-workspace'

const workflowUrl = (id: string) => `/api/workflows/${encodeURIComponent(id)}`

/** The validation problems of a 400 `invalid_graph` answer; none for any other error. */
export function graphProblemsOf(error: unknown): GraphProblem[] {
  if (!(error instanceof ApiError) || error.code !== 'invalid_graph') return []
  const parsed = invalidGraphDetailsSchema.safeParse(error.details)
  return parsed.success ? (parsed.data.problems as GraphProblem[]) : []
}

/** The workflows of one workspace, or (without one) of every workspace the person sees. */
export async function listWorkflows(workspaceId?: string): Promise<WorkflowSummary[]> {
  return (await fetchParsed(workflowListResponseSchema, `/api/workflows${inWorkspace(workspaceId)}`)).workflows
}

export function createWorkflow(input: CreateWorkflowRequest): Promise<CreatedWorkflowResponse> {
  return fetchParsed(createdWorkflowResponseSchema, '/api/workflows', { method: 'POST', body: JSON.stringify(input) })
}

export function getWorkflow(id: string): Promise<WorkflowResponse> {
  return fetchParsed(workflowResponseSchema, workflowUrl(id))
}

export async function renameWorkflow(id: string, name: string): Promise<WorkflowView> {
  return (await fetchParsed(updatedWorkflowResponseSchema, workflowUrl(id), { method: 'PATCH', body: JSON.stringify({ name }) })).workflow
}

export async function updateWorkflowSettings(id: string, settings: WorkflowSettings): Promise<WorkflowSettings> {
  return (await fetchParsed(updatedWorkflowResponseSchema, workflowUrl(id), { method: 'PATCH', body: JSON.stringify({ settings }) })).workflow.settings
}

/** DELETE /api/workflows/:id, saying what becomes of its runs. */
export async function deleteWorkflow(id: string, runs: DeleteWorkflowRuns): Promise<DeletedWorkflowResponse['deleted']> {
  return (await fetchParsed(deletedWorkflowResponseSchema, `${workflowUrl(id)}?runs=${runs}`, { method: 'DELETE' })).deleted
}

export function duplicateWorkflow(id: string, name?: string): Promise<CreatedWorkflowResponse> {
  return fetchParsed(createdWorkflowResponseSchema, `${workflowUrl(id)}/duplicate`, {
    method: 'POST',
    body: JSON.stringify(name === undefined ? {} : { name }),
  })
}

export async function updateWorkflowDetails(id: string, details: { name?: string; description?: string; mcpTool?: McpToolSetting }): Promise<WorkflowView> {
  return (await fetchParsed(updatedWorkflowResponseSchema, workflowUrl(id), { method: 'PATCH', body: JSON.stringify(details) })).workflow
}

/** Saves the graph as the version after `baseVersion`, the one it was edited from: 409 `stale_version` when another was saved since. */
export async function saveVersion(id: string, graph: GraphDocument, baseVersion: number, note?: string): Promise<WorkflowVersionView> {
  const body: CreateVersionRequest = { graph, note, baseVersion }
  return (await fetchParsed(versionResponseSchema, `${workflowUrl(id)}/versions`, { method: 'POST', body: JSON.stringify(body) })).version
}

/**
 * `POST /api/workflows/:id/live/versions`: the workflow's live document (what everyone editing it sees) saved as the
 * next version. No base version: the live document is the one everybody edits, so there is nothing to be stale against.
 * A 400 `invalid_graph` names its problems like any save.
 */
export function saveLiveVersion(id: string, note?: string): Promise<LiveVersionResponse> {
  const body: SaveLiveVersionRequest = note ? { note } : {}
  return fetchParsed(liveVersionResponseSchema, `${workflowUrl(id)}/live/versions`, { method: 'POST', body: JSON.stringify(body) })
}

/** The history, newest first, without graphs. */
export async function listVersions(id: string): Promise<VersionSummary[]> {
  return (await fetchParsed(versionListResponseSchema, `${workflowUrl(id)}/versions`)).versions
}

export async function getVersion(id: string, version: number): Promise<WorkflowVersionView> {
  return (await fetchParsed(versionResponseSchema, `${workflowUrl(id)}/versions/${version}`)).version
}

/** Saves an older version's graph again as the newest version; `baseVersion`, when known, must still be the newest. */
export async function restoreVersion(id: string, version: number, baseVersion?: number): Promise<WorkflowVersionView> {
  return (
    await fetchParsed(versionResponseSchema, `${workflowUrl(id)}/versions/${version}/restore`, {
      method: 'POST',
      body: JSON.stringify(baseVersion === undefined ? {} : { baseVersion }),
    })
  ).version
}

/** The function tools the server's registry offers an agent node (by name). */
export async function listFunctionTools(): Promise<FunctionToolSummary[]> {
  return (await fetchParsed(functionToolListResponseSchema, '/api/function-tools')).tools
}

/** `workspaceId`: the open workflow's, whose MCP servers, skills, agents and workflows alone then count. */
export async function getServerFacts(workspaceId?: string): Promise<ServerFacts> {
  return (await fetchParsed(serverFactsResponseSchema, `/api/server-facts${inWorkspace(workspaceId)}`)).facts
}

const startedRunSchema = z.object({ run: runSummarySchema.pick({ id: true, status: true }) })

export async function startRun(input: {
  workflowId: string
  version?: number
  input: string
  debug?: RunDebug
}): Promise<z.infer<typeof startedRunSchema>['run']> {
  return (await fetchParsed(startedRunSchema, '/api/runs', { method: 'POST', body: JSON.stringify(input) })).run
}
