/**
 * A run as MCP sees it: as a task (task id = run id; status from the run's, `input_required` while
 * one of its approvals waits for an answer in the app) and, once it ended, as a tool call result.
 * A run may be seen by who may see it in the app (its owner, an admin); to anyone else it is the
 * spec's "task not found".
 */
import { ErrorCode, McpError, type CallToolResult, type ProgressToken, type Task } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import type { RunStatus } from '@/lib/contracts/runs'
import { visibleTo, type Principal } from '../auth/principal'
import type { Prisma } from '../db/database'

/** How often a client that polls tasks/get is asked to look (tasks/result waits without polling). */
export const TASK_POLL_INTERVAL_MS = 1_000

export interface RunTaskRow {
  id: string
  status: RunStatus
  outputs: unknown
  error: string | null
  conversationId: string | null
  agentId: string | null
  createdAt: Date
  updatedAt: Date
  approvals: { id: string; title: string }[]
  /** The progress token of the tools/call that started it as a task, if it asked for progress. */
  mcpProgressToken: unknown
}

const ProgressTokenSchema = z.union([z.string(), z.number()])

/** The progress token a task's client asked for, if it asked. */
export function taskProgressToken(run: Pick<RunTaskRow, 'mcpProgressToken'>): ProgressToken | undefined {
  const token = ProgressTokenSchema.safeParse(run.mcpProgressToken)
  return token.success ? token.data : undefined
}

/** A token kept with the run, or undefined for one that cannot be: Postgres stores no NUL, and a token is short. */
export function storableProgressToken(token: ProgressToken | undefined): ProgressToken | undefined {
  return typeof token === 'string' && (token.length > 256 || token.includes('\u0000')) ? undefined : token
}

export const RUN_TASK_SELECT = {
  id: true,
  status: true,
  outputs: true,
  error: true,
  conversationId: true,
  agentId: true,
  createdAt: true,
  updatedAt: true,
  mcpProgressToken: true,
  approvals: { where: { status: 'pending' }, orderBy: { createdAt: 'asc' }, select: { id: true, title: true } },
} as const

export async function loadRunTask(prisma: Prisma, principal: Principal, runId: string): Promise<RunTaskRow> {
  const row = await prisma.run.findFirst({ where: { id: runId, ...visibleTo(principal) }, select: RUN_TASK_SELECT })
  if (!row) throw new McpError(ErrorCode.InvalidParams, `Task not found: ${runId}`)
  return row
}

const TASK_STATUS: Record<RunStatus, Task['status']> = {
  queued: 'working',
  running: 'working',
  waiting: 'working',
  succeeded: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
}

/** Where a person answers the run's approvals. */
export function approvalsUrl(baseUrl: string): string {
  return `${baseUrl}/approvals`
}

export function waitingMessage(approval: { title: string }, baseUrl: string): string {
  return `Waiting for the approval '${approval.title}': answer it in Agentloom at ${approvalsUrl(baseUrl)}`
}

/**
 * The run as a task. `step` says where a working run is (run-progress.ts's currentStep; a list
 * leaves it out); an approval waiting for an answer says more and wins.
 */
export function taskOf(run: RunTaskRow, baseUrl: string, step?: string): Task {
  const active = TASK_STATUS[run.status] === 'working'
  const waitingFor = active ? run.approvals[0] : undefined
  const statusMessage = waitingFor ? waitingMessage(waitingFor, baseUrl) : active ? workingMessage(run.status, step) : endMessage(run)
  return {
    taskId: run.id,
    status: waitingFor ? 'input_required' : TASK_STATUS[run.status],
    // Runs are kept until someone deletes them.
    ttl: null,
    createdAt: run.createdAt.toISOString(),
    lastUpdatedAt: run.updatedAt.toISOString(),
    pollInterval: TASK_POLL_INTERVAL_MS,
    ...(statusMessage ? { statusMessage } : {}),
  }
}

function workingMessage(status: RunStatus, step: string | undefined): string | undefined {
  return status === 'queued' ? 'Queued: waiting for a worker' : step
}

function endMessage(run: Pick<RunTaskRow, 'status' | 'error'>): string | undefined {
  if (run.status === 'failed') return run.error ?? 'The run failed.'
  if (run.status === 'cancelled') return 'The run was cancelled.'
  return undefined
}

/** One output as text: strings as they are, an agent's answer by its text, anything else as JSON. */
function outputText(output: unknown): string {
  if (typeof output === 'string') return output
  if (typeof output === 'object' && output !== null && typeof (output as { text?: unknown }).text === 'string') return (output as { text: string }).text
  return JSON.stringify(output)
}

/**
 * An ended run as a tools/call result: its outputs as text; a workflow's JSON output also as
 * structured content (an object as it is, anything else as `{ outputs }`); an agent's answer with
 * the conversation to continue (`{ output, conversation_id }`, the agent tools' output schema).
 * A failed or cancelled run is a tool error (isError) with why.
 */
export function runToolResult(run: Pick<RunTaskRow, 'id' | 'status' | 'outputs' | 'error' | 'conversationId' | 'agentId'>): CallToolResult {
  const meta = { _meta: { 'agentloom/runId': run.id } }
  if (run.status === 'failed') return { content: [{ type: 'text', text: run.error ?? 'The run failed.' }], isError: true, ...meta }
  if (run.status === 'cancelled') return { content: [{ type: 'text', text: 'The run was cancelled.' }], isError: true, ...meta }
  const outputs = Array.isArray(run.outputs) ? (run.outputs as unknown[]) : []
  const text = outputs.map(outputText).join('\n\n')
  if (run.agentId !== null) {
    return { content: [{ type: 'text', text }], structuredContent: { output: text, conversation_id: run.conversationId ?? '' }, ...meta }
  }
  const structured = structuredOutputs(outputs)
  return { content: [{ type: 'text', text }], ...(structured ? { structuredContent: structured } : {}), ...meta }
}

function structuredOutputs(outputs: unknown[]): Record<string, unknown> | undefined {
  if (outputs.length === 1 && typeof outputs[0] === 'object' && outputs[0] !== null && !Array.isArray(outputs[0])) return outputs[0] as Record<string, unknown>
  if (outputs.some((output) => typeof output !== 'string')) return { outputs }
  return undefined
}
