/** One agent run from input to response, as a generator of updates (drained by run, streamed by runStream). */
import type { AgentContext } from '../middleware'
import type { CategorizedMiddleware } from '../middleware-pipeline'
import type { AgentResponse, AgentResponseUpdate } from '../types'
import type { AgentDefinition, AgentRunOptions } from './agent-definition'
import { finishRun } from './finish-run'
import { prepareRun } from './prepare-run'
import { runLoop } from './run-loop'

export async function* executeRun(
  definition: AgentDefinition,
  context: AgentContext,
  runOptions: AgentRunOptions,
  middleware: CategorizedMiddleware,
): AsyncGenerator<AgentResponseUpdate, AgentResponse> {
  const { state, approvalResults } = await prepareRun(definition, context, runOptions, middleware)
  yield* runLoop(state, approvalResults)
  return finishRun(state)
}

/** Runs a generator to its end, ignoring what it yields. */
export async function drain<T>(generator: AsyncGenerator<unknown, T>): Promise<T> {
  while (true) {
    const step = await generator.next()
    if (step.done) return step.value
  }
}
