/**
 * After a model answer: decide the next step. No pending function calls → the run is done; a batch
 * that needs approval → the run pauses with approval requests; otherwise the calls run (in parallel)
 * and their results go back to the model, while the limits (consecutive failing batches, total calls)
 * are tracked and tools are withdrawn once one is reached.
 */
import { context as otelContext } from '@opentelemetry/api'
import { approvalRequestsFor, batchNeedsApproval } from '../tools/approvals'
import { assertKnownFunctions, invokeFunctionCalls } from '../tools/invoke-function-calls'
import { AgentResponseUpdate, Message, type ChatResponse, type Content, type FunctionCallContent, type FunctionResultContent } from '../types'
import { appendMessages, type AgentRunState } from './agent-run-state'

export type NextStep = { type: 'done' } | { type: 'call_model' }

export async function* toolTurn(state: AgentRunState, response: ChatResponse): AsyncGenerator<AgentResponseUpdate, NextStep> {
  const calls = pendingFunctionCalls(response)
  if (calls.length === 0 || state.toolsWithdrawn) return { type: 'done' }
  assertKnownFunctions(calls, state.execution)
  if (batchNeedsApproval(calls, state.toolSet)) {
    yield requestApproval(state, response, calls)
    return { type: 'done' }
  }
  const traceContext = state.traceContext
  const results = await (traceContext
    ? otelContext.with(traceContext, () => invokeFunctionCalls(calls, state.execution))
    : invokeFunctionCalls(calls, state.execution))
  const message = new Message({ role: 'tool', contents: results })
  appendMessages(state, [message])
  yield toolResultsUpdate(state, results)
  recordBatch(state, results)
  return { type: 'call_model' }
}

export function toolResultsUpdate(state: AgentRunState, results: FunctionResultContent[]): AgentResponseUpdate {
  return new AgentResponseUpdate({ role: 'tool', contents: results, agentId: state.agent.id })
}

/** Counts a finished batch against the limits; withdraws tools when one is reached. */
export function recordBatch(state: AgentRunState, results: readonly FunctionResultContent[]): void {
  const { config, logger } = state
  state.functionCallCount += results.length
  if (results.some((result) => result.exception !== undefined)) {
    state.consecutiveErrorBatches++
    if (state.consecutiveErrorBatches >= config.maxConsecutiveErrorsPerRequest) {
      logger.warn(
        `Maximum consecutive function call errors reached (${config.maxConsecutiveErrorsPerRequest}). ` + 'Stopping further function calls for this request.',
      )
      withdrawTools(state)
    }
  } else {
    state.consecutiveErrorBatches = 0
  }
  if (!state.toolsWithdrawn && config.maxFunctionCalls !== null && state.functionCallCount >= config.maxFunctionCalls) {
    logger.info(
      `Maximum function calls reached (${state.functionCallCount}/${config.maxFunctionCalls}). ` + 'Stopping further function calls for this request.',
    )
    withdrawTools(state)
  }
  // A required tool choice is honoured once; asking again every turn would never let the model finish.
  const choice = state.toolChoice
  if (choice === 'required' || (typeof choice === 'object' && choice.mode === 'required')) state.toolChoice = undefined
}

/** From now on the model is asked to answer without tools, and calls it still makes are not executed. */
export function withdrawTools(state: AgentRunState): void {
  state.toolChoice = 'none'
  state.toolsWithdrawn = true
}

/** Function calls of the answer that it does not already answer itself, once per call id. */
function pendingFunctionCalls(response: ChatResponse): FunctionCallContent[] {
  const answered = new Set<string>()
  for (const message of response.messages) {
    for (const content of message.contents) if (content.type === 'function_result') answered.add(content.callId)
  }
  const seen = new Set<string>()
  const calls: FunctionCallContent[] = []
  for (const message of response.messages) {
    for (const content of message.contents) {
      if (content.type !== 'function_call' || answered.has(content.callId)) continue
      if (content.callId && seen.has(content.callId)) continue
      seen.add(content.callId)
      calls.push(content)
    }
  }
  return calls
}

function requestApproval(state: AgentRunState, response: ChatResponse, calls: FunctionCallContent[]): AgentResponseUpdate {
  const requests: Content[] = approvalRequestsFor(calls)
  let target: Message | undefined
  for (let i = response.messages.length - 1; i >= 0 && !target; i--) if (response.messages[i].role === 'assistant') target = response.messages[i]
  if (target) target.contents.push(...requests)
  else appendMessages(state, [(target = new Message({ role: 'assistant', contents: requests }))])
  return new AgentResponseUpdate({
    role: 'assistant',
    contents: requests,
    agentId: state.agent.id,
    authorName: target.authorName,
    messageId: target.messageId,
    responseId: response.responseId,
  })
}
