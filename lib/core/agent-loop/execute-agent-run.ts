/** One agent run from input to response, as a generator of updates (drained by run, streamed by runStream). */
import type { AgentContext } from '../middleware'
import type { CategorizedMiddleware } from '../middleware-pipeline'
import type { AgentResponse, AgentResponseUpdate } from '../types'
import type { AgentDefinition, AgentRunOptions } from './agent-definition'
import { finishAgentRun } from './finish-agent-run'
import { prepareAgentRun } from './prepare-agent-run'
import { functionInvocationLoop } from './function-invocation-loop'

export async function* executeAgentRun(
  definition: AgentDefinition,
  context: AgentContext,
  runOptions: AgentRunOptions,
  middleware: CategorizedMiddleware,
): AsyncGenerator<AgentResponseUpdate, AgentResponse> {
  const { state, approvalResults } = await prepareAgentRun(definition, context, runOptions, middleware)
  yield* functionInvocationLoop(state, approvalResults)
  return finishAgentRun(state)
}

/** Runs a generator to its end, ignoring what it yields. */
export async function drain<T>(generator: AsyncGenerator<unknown, T>): Promise<T> {
  while (true) {
    const step = await generator.next()
    if (step.done) return step.value
  }
}
