/**
 * Setting a run up: context providers' beforeRun (in order), the run's tools, answers to pending
 * approvals, the chat options and the conversation the model will see.
 */
import type { AgentContext } from '../middleware'
import type { CategorizedMiddleware } from '../middleware-pipeline'
import { SessionContext } from '../sessions/session-context'
import { resolveApprovalResponses } from '../tools/approvals'
import { normalizeFunctionInvocationConfiguration } from '../tools/function-invocation-config'
import type { FunctionCallExecution } from '../tools/invoke-function-calls'
import { RunToolSet } from '../tools/tool-set'
import type { ChatOptions } from '../clients/chat-client'
import type { FunctionResultContent } from '../types'
import { abortable } from '../abort'
import type { AgentDefinition, AgentRunOptions } from './agent-definition'
import type { AgentRunState } from './agent-run-state'

export interface PreparedRun {
  state: AgentRunState
  /** Results of approval answers found in the input, if any. */
  approvalResults?: FunctionResultContent[]
}

export async function prepareAgentRun(
  definition: AgentDefinition,
  context: AgentContext,
  runOptions: AgentRunOptions,
  middleware: CategorizedMiddleware,
): Promise<PreparedRun> {
  const { session, signal } = context
  const config = normalizeFunctionInvocationConfiguration(definition.functionInvocation, runOptions.functionInvocation)
  const providers = definition.contextProvidersFor(runOptions.session !== undefined, session.serviceSessionId)
  const sessionContext = new SessionContext({
    sessionId: session.sessionId,
    serviceSessionId: session.serviceSessionId,
    inputMessages: context.messages,
  })
  for (const provider of providers) {
    const args = { agent: context.agent, session, context: sessionContext, state: session.stateFor(provider.sourceId), signal }
    await abortable(Promise.resolve(provider.beforeRun(args)), signal)
  }

  const toolSet = new RunToolSet([
    ...definition.tools,
    ...(definition.defaultOptions.tools ?? []),
    ...(runOptions.tools ?? []),
    ...(context.options.tools ?? []),
    ...sessionContext.tools,
  ])
  const execution: FunctionCallExecution = {
    toolSet,
    middleware: middleware.function,
    config,
    session,
    kwargs: context.kwargs,
    signal,
  }
  const approvals = await resolveApprovalResponses(sessionContext.inputMessages, execution)
  if (approvals) sessionContext.inputMessages = approvals.messages

  const state: AgentRunState = {
    agent: context.agent,
    client: definition.client,
    session,
    sessionContext,
    providers,
    conversation: sessionContext.getMessages({ includeInput: true }),
    produced: [],
    toolSet,
    chatOptions: mergeChatOptions(definition, context.options, sessionContext.instructions, session.serviceSessionId),
    chatMiddleware: middleware.chat,
    execution,
    config,
    isStreaming: context.isStreaming,
    signal,
    logger: definition.logger,
    toolChoice: context.options.toolChoice ?? definition.defaultOptions.toolChoice,
    toolsWithdrawn: false,
    consecutiveErrorBatches: 0,
    functionCallCount: 0,
    usage: undefined,
    responseId: undefined,
    modelId: undefined,
    sentToService: 0,
    finishReason: undefined,
  }
  return { state, approvalResults: approvals?.results }
}

/** `serviceSessionId`: the conversation the service keeps for this session, continued unless the run names another. */
function mergeChatOptions(
  definition: AgentDefinition,
  runOptions: ChatOptions,
  extraInstructions: readonly string[],
  serviceSessionId: string | undefined,
): ChatOptions {
  const defaults = definition.defaultOptions
  const instructions = [definition.instructions, defaults.instructions, runOptions.instructions, ...extraInstructions]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join('\n')
  const merged: ChatOptions = { ...defaults, ...runOptions }
  delete merged.tools
  delete merged.toolChoice
  if (instructions !== '') merged.instructions = instructions
  else delete merged.instructions
  if (defaults.additional || runOptions.additional) merged.additional = { ...defaults.additional, ...runOptions.additional }
  if (merged.conversationId === undefined && serviceSessionId) merged.conversationId = serviceSessionId
  return merged
}
