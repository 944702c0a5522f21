/**
 * A workflow that stops for a person (a human-input node, a tool call that needs consent) ends
 * its stream with pending `request_info` events. Each becomes an approval request; once every
 * one is answered the run resumes with the answers. Unanswered requests expire: a tool call is
 * then refused, a human-input step fails the run (there is no answer to pass on).
 */
import { UserError } from '@/lib/core'
import type { ApprovalDecision } from '../approvals/approval-broker'
import type { AppContext } from '../app-context'
import { SAMPLING_APPROVAL_TIMEOUT_MS } from '../mcp/mcp-connections'

export interface PendingRequest {
  requestId: string
  executorId: string
  data: unknown
}

interface Question {
  kind: 'tool_call' | 'human_input'
  title: string
  payload: Record<string, unknown>
  answer(decision: ApprovalDecision): unknown
}

/** The request data the engine and the graph compiler produce (lib/core agent-executor, lib/graph human_input). */
type RequestData = { type?: string; functionCall?: { name?: string; arguments?: unknown }; prompt?: string; input?: string }

function parseArguments(args: unknown): unknown {
  if (typeof args !== 'string') return args
  try {
    return JSON.parse(args)
  } catch {
    return args
  }
}

function question(request: PendingRequest): Question {
  const data = request.data as RequestData | null
  if (data?.type === 'function_approval_request') {
    const toolName = String(data.functionCall?.name ?? 'a tool')
    return {
      kind: 'tool_call',
      title: `${request.executorId} wants to call ${toolName}`,
      payload: { toolName, arguments: parseArguments(data.functionCall?.arguments), executorId: request.executorId },
      answer: (decision) => decision.approved,
    }
  }
  const prompt = data?.type === 'human_input' ? String(data.prompt ?? '') : 'The workflow asks for input.'
  return {
    kind: 'human_input',
    title: prompt || 'The workflow asks for input',
    payload: { prompt, input: data?.type === 'human_input' ? data.input : undefined, executorId: request.executorId, ...(data?.type === 'human_input' ? {} : { request: data }) },
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
 * Asks a person about every pending request (in parallel) and returns the responses by request
 * id. When one of them ends the run (a declined input step), the others stop waiting at once.
 */
export async function answerPendingRequests(app: AppContext, runId: string, requests: readonly PendingRequest[], signal: AbortSignal): Promise<Record<string, unknown>> {
  const settled = new AbortController()
  const batchSignal = AbortSignal.any([signal, settled.signal])
  try {
    const answers = await Promise.all(
      requests.map(async (request) => {
        const q = question(request)
        const decision = await app.approvals.request({ runId, kind: q.kind, source: request.executorId, title: q.title, payload: q.payload, timeoutMs: SAMPLING_APPROVAL_TIMEOUT_MS, signal: batchSignal })
        return [request.requestId, q.answer(decision)] as const
      }),
    )
    return Object.fromEntries(answers)
  } finally {
    settled.abort()
  }
}
