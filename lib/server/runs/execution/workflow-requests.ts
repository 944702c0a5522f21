/**
 * A workflow that stops for a person (a human-input node, a tool call that needs consent) ends
 * its stream with pending `request_info` events. Each becomes an approval request and the run is
 * parked (no worker holds it); once every one is answered — through any web process — the run is
 * queued and continues from its checkpoint with the answers. Unanswered requests expire and fail
 * the run, saying so: a tool call nobody allowed or refused was not done as asked (a person's denial,
 * by contrast, is passed on to the agent), and an input step has no answer to pass on.
 */
import { UserError } from '@/lib/core'
import { APPROVAL_INBOX_CHANNEL, inboxNotice, presentApproval, type ApprovalDecision } from '../../approvals/approval-broker'
import { routeApprovalJobs } from '../../approvals/approval-routing-sql'
import type { AppContext } from '../../app-context'
import { jsonbSafeText } from '../../db/jsonb'
import { APPROVAL_TIMEOUT_MS } from '../../approvals/approval-timeout'
import type { RunEventWriter } from '../events/run-event-writer'

type ApprovalRow = Parameters<typeof presentApproval>[0]

export interface PendingRequest {
  requestId: string
  executorId: string
  data: unknown
}

interface Question {
  kind: 'tool_call' | 'human_input' | 'breakpoint'
  title: string
  payload: Record<string, unknown>
  answer(decision: ApprovalDecision): unknown
}

/** The request data the engine and the graph compiler produce (lib/core agent-executor, lib/graph human_input). */
type RequestData = {
  type?: string
  functionCall?: { name?: string; arguments?: unknown }
  prompt?: string
  input?: string
  reason?: string
  nodeIds?: string[]
  superstep?: number
}

function parseArguments(args: unknown): unknown {
  if (typeof args !== 'string') return args
  try {
    return JSON.parse(args)
  } catch {
    return args
  }
}

/** `titleOf` names the asking step as people named it (see node-titles.ts). */
function question(request: PendingRequest, titleOf: (executorId: string) => string = (id) => id): Question {
  const data = request.data as RequestData | null
  const sourceTitle = titleOf(request.executorId)
  if (data?.type === 'function_approval_request') {
    const toolName = String(data.functionCall?.name ?? 'a tool')
    return {
      kind: 'tool_call',
      title: `${sourceTitle} wants to call ${toolName}`,
      payload: { toolName, arguments: parseArguments(data.functionCall?.arguments), executorId: request.executorId, sourceTitle },
      answer: (decision) => {
        // Nobody decided: the call was not refused by a person, and the step could not do what was asked.
        if (decision.status === 'expired') {
          throw new UserError(`${sourceTitle} could not call ${toolName}: its approval expired (nobody answered in time), so the run stopped.`)
        }
        return decision.approved
      },
    }
  }
  if (data?.type === 'breakpoint') {
    // A debug run's pause (run-breakpoints.ts): its answer is read there, never passed to the workflow.
    const nodes = (data.nodeIds ?? []).map(titleOf).join(', ')
    const title = data.reason === 'step' ? `Paused after superstep ${data.superstep}` : `Paused ${data.reason} ${nodes}`
    return { kind: 'breakpoint', title, payload: { ...data, sourceTitle }, answer: () => undefined }
  }
  const prompt = data?.type === 'human_input' ? String(data.prompt ?? '') : 'The workflow asks for input.'
  return {
    kind: 'human_input',
    title: prompt || 'The workflow asks for input',
    payload: {
      prompt,
      input: data?.type === 'human_input' ? data.input : undefined,
      executorId: request.executorId,
      sourceTitle,
      ...(data?.type === 'human_input' ? {} : { request: data }),
    },
    answer: (decision) => {
      if (!decision.approved) {
        const why = decision.status === 'expired' ? 'nobody answered in time' : 'the person declined to answer'
        throw new UserError(`The input step '${request.executorId}' got no answer: ${why}.`)
      }
      const content = decision.response.content as { text?: unknown } | undefined
      return typeof content?.text === 'string' ? content.text : (content ?? '')
    },
  }
}

/**
 * Opens an approval for each request that has none yet (a run resumed after a crash asks again
 * for the same requests), with its deadline on the database's clock, and tells the run's viewers.
 * The run shows as waiting from the same statement on, and the owner's inbox streams are told.
 */
export async function openRequestApprovals(
  app: AppContext,
  runId: string,
  requests: readonly PendingRequest[],
  writer: RunEventWriter,
  titleOf?: (executorId: string) => string,
): Promise<void> {
  for (const request of requests) {
    const q = question(request, titleOf)
    const { title, payload } = (await app.secretScopes.forRun(runId)).redactValue({ title: q.title, payload: q.payload }) as {
      title: string
      payload: Record<string, unknown>
    }
    const [row] = await app.db.sql.query<ApprovalRow>(
      `WITH opened AS (
         INSERT INTO "ApprovalRequest" (id, "runId", "ownerId", "workspaceId", kind, source, title, payload, "expiresAt", "requestId")
         SELECT gen_random_uuid(), r.id, r."ownerId", r."workspaceId", $2::"ApprovalKind", $3, $4, $5::jsonb, now() + make_interval(secs => $6), $7
         FROM "Run" r
         WHERE r.id = $1 AND NOT EXISTS (SELECT 1 FROM "ApprovalRequest" a WHERE a."runId" = $1 AND a."requestId" = $7)
         RETURNING *),
       waiting AS (UPDATE "Run" SET status = 'waiting' WHERE id = $1 AND status = 'running' AND EXISTS (SELECT 1 FROM opened))
       SELECT opened.*, pg_notify('${APPROVAL_INBOX_CHANNEL}', ${inboxNotice('opened')}) AS "inboxNotified", ${routeApprovalJobs('opened')} AS routed FROM opened`,
      [runId, q.kind, request.executorId, title, jsonbSafeText(payload), APPROVAL_TIMEOUT_MS / 1000, request.requestId],
    )
    if (row) writer.write('approval_requested', { approval: presentApproval(row) }).catch(() => {})
  }
  await writer.flush()
}

/**
 * The workflow's responses to a parked run's requests, from their approvals' decisions. Throws
 * (the run then fails) when an input step got no answer: there is nothing to pass on.
 */
export async function responsesFromApprovals(app: AppContext, runId: string, requests: readonly PendingRequest[]): Promise<Record<string, unknown>> {
  const rows = await app.db.prisma.approvalRequest.findMany({ where: { runId, requestId: { in: requests.map((r) => r.requestId) } } })
  const byRequest = new Map(rows.map((row) => [row.requestId, row]))
  const decisionOf = (request: PendingRequest): ApprovalDecision => {
    const row = byRequest.get(request.requestId)
    // Still open: the run goes on because a person declined another step; this one counts as denied.
    if (!row || row.status === 'pending') return { approved: false, status: 'expired', response: {} }
    return { approved: row.status === 'approved', status: row.status, response: (row.response as Record<string, unknown> | null) ?? {} }
  }
  // Decided requests first, so that a declined input step is what the run's failure names.
  const decidedFirst = [...requests].sort(
    (a, b) => Number(byRequest.get(a.requestId)?.status === 'pending') - Number(byRequest.get(b.requestId)?.status === 'pending'),
  )
  const responses: Record<string, unknown> = {}
  for (const request of decidedFirst) responses[request.requestId] = question(request).answer(decisionOf(request))
  return responses
}

export function isPendingRequestList(value: unknown): value is PendingRequest[] {
  return (
    Array.isArray(value) &&
    value.every((item) => item && typeof (item as PendingRequest).requestId === 'string' && typeof (item as PendingRequest).executorId === 'string')
  )
}
