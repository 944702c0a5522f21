import { describe, expect, it } from 'vitest'
import { updateWorkflowRequestSchema, workflowSettingsSchema, workflowVersionParamsSchema } from './workflows'

describe('workflow contracts', () => {
  it('fills in settings a stored workflow predates', () => {
    expect(workflowSettingsSchema.parse({})).toEqual({ conversationForwarding: { enabled: false, timeoutMs: 10_000 }, maxSupersteps: 100 })
  })

  it('bounds Max steps: a whole number from 1 to 10,000', () => {
    const withMax = (maxSupersteps: unknown) => workflowSettingsSchema.safeParse({ maxSupersteps }).success
    expect([withMax(1), withMax(10_000), withMax(0), withMax(10_001), withMax(1.5), withMax('100')]).toEqual([true, true, false, false, false, false])
  })

  it('takes only http(s) forwarding endpoints', () => {
    const withEndpoint = (endpoint: string) => workflowSettingsSchema.safeParse({ conversationForwarding: { enabled: true, endpoint } }).success
    expect(withEndpoint('https://guard.example.test/chat-message')).toBe(true)
    expect(withEndpoint('ftp://guard.example.test/chat-message')).toBe(false)
  })

  it('wants something to change in an update', () => {
    expect(updateWorkflowRequestSchema.safeParse({}).success).toBe(false)
    expect(updateWorkflowRequestSchema.parse({ name: '  Renamed  ' })).toEqual({ name: 'Renamed' })
  })

  it('reads a version number from the path as a Postgres integer', () => {
    expect(workflowVersionParamsSchema.parse({ id: 'w1', version: '3' })).toEqual({ id: 'w1', version: 3 })
    expect(workflowVersionParamsSchema.safeParse({ id: 'w1', version: '2147483648' }).success).toBe(false)
  })
})
