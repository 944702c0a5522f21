import { describe, expect, it } from 'vitest'
import type { MCPToolOptions } from '@/lib/core/mcp/mcp-tool-options'
import type { AppContext } from '../app-context'
import { DEFAULT_APPROVAL_TIMEOUT_MS, SAMPLING_APPROVAL_TIMEOUT_MS, approvalTimeoutFromEnv, createMcpTool, mcpRequestTimeoutMs } from './mcp-connections'

/** The SDK's DEFAULT_REQUEST_TIMEOUT_MSEC: what a request gets when nobody sets a timeout. */
const SDK_DEFAULT_REQUEST_TIMEOUT_MS = 60_000

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

describe('request timeouts of the tools a run connects', () => {
  it('outlast an approval the server waits for, where the SDK would give up after 60 s', () => {
    expect(mcpRequestTimeoutMs(10 * 60_000)).toBe(11 * 60_000)
    expect(mcpRequestTimeoutMs()).toBeGreaterThan(SAMPLING_APPROVAL_TIMEOUT_MS)
    expect(mcpRequestTimeoutMs(1_000)).toBeGreaterThan(SDK_DEFAULT_REQUEST_TIMEOUT_MS)
    // Node fires a longer timer at once, which would time every request out immediately.
    expect(mcpRequestTimeoutMs(2 ** 31 - 1)).toBe(2 ** 31 - 1)
  })

  it('are set on every transport’s tool', () => {
    const context = { app: {} as AppContext, runId: 'run-1', samplingClient: undefined as never, signal: new AbortController().signal }
    const secrets = { env: {}, headers: {} }
    const tools = [
      createMcpTool({ id: 's', name: 'S', transport: 'stdio', config: { command: 'node', args: [] }, secrets }, context),
      createMcpTool({ id: 'h', name: 'H', transport: 'http', config: { url: 'http://127.0.0.1:9/mcp' }, secrets }, context),
      createMcpTool({ id: 'w', name: 'W', transport: 'websocket', config: { url: 'ws://127.0.0.1:9/mcp' }, secrets }, context),
    ]
    // `options` is protected; reading it is the only way to see the timeout without waiting a minute.
    for (const tool of tools) expect((tool as unknown as { options: MCPToolOptions }).options.requestTimeoutMs).toBe(mcpRequestTimeoutMs())
  })
})
