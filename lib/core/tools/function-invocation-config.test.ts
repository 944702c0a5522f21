import { describe, expect, it } from 'vitest'
import { AgentConfigurationError } from '../errors'
import { normalizeFunctionInvocationConfiguration } from './function-invocation-config'

describe('normalizeFunctionInvocationConfiguration', () => {
  it('has the reference defaults', () => {
    expect(normalizeFunctionInvocationConfiguration()).toEqual({
      enabled: true,
      maxIterations: 40,
      maxFunctionCalls: null,
      maxConsecutiveErrorsPerRequest: 3,
      includeDetailedErrors: false,
      terminateOnUnknownCalls: false,
    })
  })

  it('layers configurations, later ones winning, undefined ignored', () => {
    const config = normalizeFunctionInvocationConfiguration(
      { maxIterations: 5, includeDetailedErrors: true },
      { maxIterations: 2, includeDetailedErrors: undefined },
    )
    expect(config.maxIterations).toBe(2)
    expect(config.includeDetailedErrors).toBe(true)
  })

  it.each([
    [{ maxIterations: 0 }, 'maxIterations must be at least 1.'],
    [{ maxFunctionCalls: 0 }, 'maxFunctionCalls must be at least 1 or null.'],
    [{ maxConsecutiveErrorsPerRequest: -1 }, 'maxConsecutiveErrorsPerRequest must be 0 or more.'],
  ])('rejects %o', (config, message) => {
    expect(() => normalizeFunctionInvocationConfiguration(config)).toThrow(new AgentConfigurationError(message))
  })
})
