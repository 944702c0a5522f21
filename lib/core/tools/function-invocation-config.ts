/**
 * Limits of the function-invocation loop. Defaults follow the reference framework: 40 model round
 * trips, no cap on individual calls, 3 consecutive failing batches, no exception details for the model.
 */
import { AgentConfigurationError } from '../errors'

export interface FunctionInvocationConfiguration {
  /** Run tools the model calls (default true). When false the first model answer is returned as is. */
  enabled?: boolean
  /** Model round trips that may offer tools; one final call without tools follows when exhausted (default 40). */
  maxIterations?: number
  /** Total tool executions per run before tools are withdrawn; checked after each batch (default unlimited). */
  maxFunctionCalls?: number | null
  /** Consecutive batches with a failing call before tools are withdrawn (default 3). */
  maxConsecutiveErrorsPerRequest?: number
  /** Include the exception text in the tool result the model sees (default false). */
  includeDetailedErrors?: boolean
  /** Fail the run when the model calls a tool that does not exist (default false: tell the model). */
  terminateOnUnknownCalls?: boolean
}

export type NormalizedFunctionInvocationConfiguration = Required<Omit<FunctionInvocationConfiguration, 'maxFunctionCalls'>> & {
  maxFunctionCalls: number | null
}

export const DEFAULT_MAX_ITERATIONS = 40
export const DEFAULT_MAX_CONSECUTIVE_ERRORS_PER_REQUEST = 3

export function normalizeFunctionInvocationConfiguration(
  ...configs: Array<FunctionInvocationConfiguration | undefined>
): NormalizedFunctionInvocationConfiguration {
  const normalized: NormalizedFunctionInvocationConfiguration = {
    enabled: true,
    maxIterations: DEFAULT_MAX_ITERATIONS,
    maxFunctionCalls: null,
    maxConsecutiveErrorsPerRequest: DEFAULT_MAX_CONSECUTIVE_ERRORS_PER_REQUEST,
    includeDetailedErrors: false,
    terminateOnUnknownCalls: false,
  }
  for (const config of configs) {
    if (!config) continue
    for (const [key, value] of Object.entries(config)) if (value !== undefined) (normalized as Record<string, unknown>)[key] = value
  }
  if (!Number.isInteger(normalized.maxIterations) || normalized.maxIterations < 1) {
    throw new AgentConfigurationError('maxIterations must be at least 1.')
  }
  if (normalized.maxFunctionCalls !== null && (!Number.isInteger(normalized.maxFunctionCalls) || normalized.maxFunctionCalls < 1)) {
    throw new AgentConfigurationError('maxFunctionCalls must be at least 1 or null.')
  }
  if (!Number.isInteger(normalized.maxConsecutiveErrorsPerRequest) || normalized.maxConsecutiveErrorsPerRequest < 0) {
    throw new AgentConfigurationError('maxConsecutiveErrorsPerRequest must be 0 or more.')
  }
  return normalized
}
