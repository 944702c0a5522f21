/**
 * The function-invocation loop of one run: (answer pending approvals) → call model → run tools →
 * call model … until the model answers without calls, a batch awaits approval, or maxIterations model
 * calls have offered tools — then one last call asks for an answer without tools.
 */
import { throwIfAborted } from '../errors'
import type { AgentResponseUpdate, FunctionResultContent } from '../types'
import { modelTurn } from './model-turn'
import type { AgentRunState } from './agent-run-state'
import { recordBatch, toolResultsUpdate, toolTurn, withdrawTools } from './tool-turn'

export async function* functionInvocationLoop(
  state: AgentRunState,
  approvalResults: FunctionResultContent[] | undefined,
): AsyncGenerator<AgentResponseUpdate, void> {
  if (approvalResults) {
    yield toolResultsUpdate(state, approvalResults)
    recordBatch(state, approvalResults)
  }
  const { config } = state
  if (!config.enabled) {
    yield* modelTurn(state)
    return
  }
  for (let iteration = 0; iteration < config.maxIterations; iteration++) {
    throwIfAborted(state.signal)
    state.toolSet.refresh()
    const response = yield* modelTurn(state)
    const next = yield* toolTurn(state, response)
    if (next.type === 'done') return
  }
  state.logger.info(`Maximum iterations reached (${config.maxIterations}). Requesting final response without tools.`)
  withdrawTools(state)
  yield* modelTurn(state)
}
