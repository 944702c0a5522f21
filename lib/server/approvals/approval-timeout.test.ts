import { describe, expect, it } from 'vitest'
import { DEFAULT_APPROVAL_TIMEOUT_MS, approvalTimeoutFromEnv } from './approval-timeout'

function warnings(): { warn: (message: string) => void; lines: string[] } {
  const lines: string[] = []
  return { warn: (message) => lines.push(message), lines }
}

describe('approvalTimeoutFromEnv', () => {
  it('takes a positive whole number of milliseconds', () => {
    const logger = warnings()
    expect(approvalTimeoutFromEnv({ AGENTLOOM_APPROVAL_TIMEOUT_MS: '90000' }, logger)).toBe(90_000)
    expect(approvalTimeoutFromEnv({}, logger)).toBe(DEFAULT_APPROVAL_TIMEOUT_MS)
    expect(approvalTimeoutFromEnv({ AGENTLOOM_APPROVAL_TIMEOUT_MS: '' }, logger)).toBe(DEFAULT_APPROVAL_TIMEOUT_MS)
    expect(logger.lines).toEqual([])
  })

  it.each(['ten minutes', '0', '-5', '1.5', 'NaN', '99999999999'])('warns about %j and uses the default', (value) => {
    const logger = warnings()
    expect(approvalTimeoutFromEnv({ AGENTLOOM_APPROVAL_TIMEOUT_MS: value }, logger)).toBe(DEFAULT_APPROVAL_TIMEOUT_MS)
    expect(logger.lines).toHaveLength(1)
    expect(logger.lines[0]).toContain(`AGENTLOOM_APPROVAL_TIMEOUT_MS must be a whole number of milliseconds`)
    expect(logger.lines[0]).toContain(`'${value}'`)
  })
})
