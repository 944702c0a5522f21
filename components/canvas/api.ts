/**
 * The editor's client for the app's route handlers. Responses are checked with zod at this
 * boundary, and error bodies `{ error: { code, message, details? } }` become ApiError.
 */
import { z } from 'zod'
import { CoreError } from '@/lib/core/errors'
import type { GraphDocument } from '@/lib/graph/document'
import type { GraphProblem } from '@/lib/graph/problems'

/** An error answer of the API (or no answer at all: status 0). 4xx answers count as user errors. */
export class ApiError extends CoreError {
  readonly status: number
  readonly code: string
  readonly details: unknown
  override readonly userError: boolean

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message)
    this.status = status
    this.code = code
    this.details = details
    this.userError = status >= 400 && status < 500
  }

  /** The validation problems of a 400 invalid_graph answer, if this is one. */
  get problems(): GraphProblem[] {
    if (this.code !== 'invalid_graph') return []
    const parsed = z.object({ problems: z.array(ProblemSchema) }).safeParse(this.details)
    return parsed.success ? (parsed.data.problems as GraphProblem[]) : []
  }
}

const ProblemSchema = z.object({
  severity: z.enum(['error', 'warning']),
  code: z.string(),
  message: z.string(),
  nodeId: z.string().optional(),
  edgeId: z.string().optional(),
  path: z.array(z.union([z.string(), z.number()])).optional(),
})

const ErrorBodySchema = z.object({ error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }) })

const VersionSchema = z.object({ version: z.number().int(), graph: z.unknown(), createdAt: z.string() })
export type WorkflowVersion = z.infer<typeof VersionSchema>

const WorkflowSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  latestVersion: z.number().int().nullable(),
  updatedAt: z.string(),
})
export type WorkflowSummary = z.infer<typeof WorkflowSummarySchema>

const WorkflowSchema = z.object({ id: z.string(), name: z.string(), description: z.string().nullish(), updatedAt: z.string() })
export type Workflow = z.infer<typeof WorkflowSchema>

const McpServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullish(),
  transport: z.string(),
})
export type McpServerSummary = z.infer<typeof McpServerSchema>

async function request<T>(schema: z.ZodType<T>, url: string, init?: RequestInit): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}), ...init?.headers },
    })
  } catch (cause) {
    throw new ApiError(0, 'network_error', `Could not reach the server (${cause instanceof Error ? cause.message : String(cause)}).`)
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (!response.ok) {
    const parsed = ErrorBodySchema.safeParse(body)
    if (parsed.success) throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.details)
    throw new ApiError(response.status, 'http_error', `The server answered ${response.status} ${response.statusText}.`)
  }
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new ApiError(response.status, 'unexpected_response', `Unexpected answer from ${url}.`, parsed.error.issues)
  return parsed.data
}

export function listWorkflows(): Promise<WorkflowSummary[]> {
  return request(z.object({ workflows: z.array(WorkflowSummarySchema) }), '/api/workflows').then((r) => r.workflows)
}

export function createWorkflow(input: { name: string; description?: string; graph?: GraphDocument }) {
  return request(z.object({ workflow: WorkflowSchema, version: VersionSchema.nullable() }), '/api/workflows', {
    method: 'POST',
    body: JSON.stringify(input),
  })
}

export function getWorkflow(id: string) {
  return request(
    z.object({ workflow: WorkflowSchema, latestVersion: VersionSchema.nullable() }),
    `/api/workflows/${encodeURIComponent(id)}`,
  )
}

export function renameWorkflow(id: string, name: string): Promise<Workflow> {
  return request(z.object({ workflow: WorkflowSchema }), `/api/workflows/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: JSON.stringify({ name }),
  }).then((r) => r.workflow)
}

export function saveVersion(id: string, graph: GraphDocument): Promise<WorkflowVersion> {
  return request(z.object({ version: VersionSchema }), `/api/workflows/${encodeURIComponent(id)}/versions`, {
    method: 'POST',
    body: JSON.stringify({ graph }),
  }).then((r) => r.version)
}

export function listMcpServers(): Promise<McpServerSummary[]> {
  return request(z.object({ servers: z.array(McpServerSchema) }), '/api/mcp-servers').then((r) => r.servers)
}

export function startRun(input: { workflowId: string; version?: number; input: string }): Promise<{ id: string; status: string }> {
  return request(z.object({ run: z.object({ id: z.string(), status: z.string() }) }), '/api/runs', {
    method: 'POST',
    body: JSON.stringify(input),
  }).then((r) => r.run)
}
