/** One agent run from input to response, as a generator of updates (drained by run, streamed by runStream). */
import { context as otelContext } from '@opentelemetry/api'
import type { AgentContext } from '../middleware'
import type { CategorizedMiddleware } from '../middleware-pipeline'
import { recordUsage, startAgentRunSpan } from '../telemetry/gen-ai-spans'
import { telemetry } from '../telemetry/telemetry-settings'
import { recordFailure } from '../telemetry/tracing'
import type { AgentResponse, AgentResponseUpdate } from '../types'
import type { AgentDefinition, AgentRunOptions } from './agent-definition'
import { finishAgentRun } from './finish-agent-run'
import { prepareAgentRun } from './prepare-agent-run'
import { functionInvocationLoop } from './function-invocation-loop'

export function executeAgentRun(
  definition: AgentDefinition,
  context: AgentContext,
  runOptions: AgentRunOptions,
  middleware: CategorizedMiddleware,
): AsyncGenerator<AgentResponseUpdate, AgentResponse> {
  return telemetry.enabled ? tracedAgentRun(definition, context, runOptions, middleware) : agentRun(definition, context, runOptions, middleware)
}

async function* agentRun(
  definition: AgentDefinition,
  context: AgentContext,
  runOptions: AgentRunOptions,
  middleware: CategorizedMiddleware,
): AsyncGenerator<AgentResponseUpdate, AgentResponse> {
  const { state, approvalResults } = await prepareAgentRun(definition, context, runOptions, middleware)
  yield* functionInvocationLoop(state, approvalResults)
  return finishAgentRun(state)
}

/**
 * The same run inside an `invoke_agent` span. The span starts at the first `next()` (under whatever
 * span is active there, e.g. an executor's), and the run state carries its context so that model
 * and tool calls made after a `yield` are its children rather than the consumer's.
 */
async function* tracedAgentRun(
  definition: AgentDefinition,
  context: AgentContext,
  runOptions: AgentRunOptions,
  middleware: CategorizedMiddleware,
): AsyncGenerator<AgentResponseUpdate, AgentResponse> {
  const started = startAgentRunSpan(context.agent)
  try {
    const { state, approvalResults } = await otelContext.with(started.context, () => prepareAgentRun(definition, context, runOptions, middleware))
    state.traceContext = started.context
    yield* functionInvocationLoop(state, approvalResults)
    const response = await otelContext.with(started.context, () => finishAgentRun(state))
    recordUsage(started.span, response.usage)
    if (response.responseId) started.span.setAttribute('gen_ai.response.id', response.responseId)
    return response
  } catch (error) {
    recordFailure(started.span, error)
    throw error
  } finally {
    started.span.end()
  }
}

/** Runs a generator to its end, ignoring what it yields. */
export async function drain<T>(generator: AsyncGenerator<unknown, T>): Promise<T> {
  while (true) {
    const step = await generator.next()
    if (step.done) return step.value
  }
}
