/**
 * Human approval of tool calls. When any call of a model turn targets a tool with
 * approvalMode 'always_require', the whole batch is held: each call becomes a
 * function_approval_request (id = call id) in the response's userInputRequests. The caller answers
 * with toFunctionApprovalResponse(request, approved) in the next run's input; approved calls run,
 * rejected ones get the result `Error: Tool call invocation was rejected by user.`
 *
 * Answers are resolved in place: an input message carrying approval responses becomes a `tool`
 * message carrying the results (so the caller's own copy of the conversation, and the stored history,
 * show results right after the calls); other contents of that message move to a user message after it.
 */
import {
  Message,
  functionApprovalRequest,
  functionResultContent,
  type Content,
  type FunctionApprovalRequestContent,
  type FunctionApprovalResponseContent,
  type FunctionCallContent,
  type FunctionResultContent,
} from '../types'
import { invokeFunctionCalls, type FunctionCallExecution } from './invoke-function-calls'
import type { RunToolSet } from './tool-set'

export const REJECTED_BY_USER_RESULT = 'Error: Tool call invocation was rejected by user.'

export function batchNeedsApproval(calls: readonly FunctionCallContent[], toolSet: RunToolSet): boolean {
  return calls.some((call) => toolSet.lookup(call.name)?.approvalMode === 'always_require')
}

export function approvalRequestsFor(calls: readonly FunctionCallContent[]): FunctionApprovalRequestContent[] {
  return calls.map(functionApprovalRequest)
}

export interface ResolvedApprovals {
  /** The input with approval answers replaced by tool results (same Message objects where possible). */
  messages: Message[]
  /** All results, in answer order. */
  results: FunctionResultContent[]
  /** How many approved calls ran. */
  executed: number
  /** True when an approved call failed. */
  hadErrors: boolean
}

/**
 * Scans only the given (new input) messages; returns undefined when they hold no approval answers.
 * Answers to calls whose result is already in the input (stale copies) are dropped, never re-run.
 */
export async function resolveApprovalResponses(input: readonly Message[], execution: FunctionCallExecution): Promise<ResolvedApprovals | undefined> {
  const answers = collectAnswers(input)
  if (answers.size === 0) return undefined
  const approved = [...answers.values()].filter((answer) => answer.approved).map((answer) => answer.functionCall)
  const executedResults = await invokeFunctionCalls(approved, execution)
  const resultById = new Map<string, FunctionResultContent>()
  approved.forEach((call, index) => resultById.set(call.callId, executedResults[index]))
  for (const answer of answers.values()) {
    if (!answer.approved) resultById.set(answer.functionCall.callId, functionResultContent(answer.functionCall.callId, REJECTED_BY_USER_RESULT))
  }
  const seen = new Set<string>()
  const messages: Message[] = []
  const isLive = (answer: FunctionApprovalResponseContent) => answers.get(answer.id) === answer
  const results: FunctionResultContent[] = []
  for (const message of input) {
    const answered = message.contents.filter((c): c is FunctionApprovalResponseContent => c.type === 'function_approval_response')
    if (answered.length === 0) {
      messages.push(message)
      continue
    }
    const replaced = answered
      .filter((answer) => isLive(answer) && !seen.has(answer.id) && seen.add(answer.id))
      .map((answer) => resultById.get(answer.functionCall.callId) as FunctionResultContent)
    results.push(...replaced)
    const others: Content[] = message.contents.filter((c) => c.type !== 'function_approval_response')
    if (replaced.length === 0) {
      message.contents = others
      if (others.length > 0) messages.push(message)
      continue
    }
    message.role = 'tool'
    message.contents = replaced
    messages.push(message)
    if (others.length > 0) messages.push(new Message({ role: 'user', contents: others, authorName: message.authorName }))
  }
  return { messages, results, executed: approved.length, hadErrors: executedResults.some((r) => r.exception !== undefined) }
}

/** Answers by request id; answers to calls that already have a result in the input are stale and skipped. */
function collectAnswers(input: readonly Message[]): Map<string, FunctionApprovalResponseContent> {
  const answers = new Map<string, FunctionApprovalResponseContent>()
  const answeredCalls = new Set<string>()
  for (const message of input) {
    for (const content of message.contents) {
      if (content.type === 'function_approval_response' && !answers.has(content.id)) answers.set(content.id, content)
      else if (content.type === 'function_result') answeredCalls.add(content.callId)
    }
  }
  for (const [id, answer] of answers) if (answeredCalls.has(answer.functionCall.callId)) answers.delete(id)
  return answers
}
