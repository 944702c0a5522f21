import { DEFAULT_MCP_SERVER_SETTINGS } from '@/lib/contracts/mcp-server-settings'
import { describe, expect, it } from 'vitest'
import type { MCPTool, MCPToolOptions } from '@/lib/core'
import type { AppContext } from '../app-context'
import { APPROVAL_TIMEOUT_MS } from '../approvals/approval-timeout'
import { createMcpTool, mcpRequestTimeoutMs, type McpToolContext } from './mcp-connections'
import type { McpServerConfig } from './mcp-server-registry'

/** The SDK's DEFAULT_REQUEST_TIMEOUT_MSEC: what a request gets when nobody sets a timeout. */
const SDK_DEFAULT_REQUEST_TIMEOUT_MS = 60_000

function toolContext(): McpToolContext {
  return { app: {} as AppContext, runId: 'run-1', samplingClient: undefined as never, signal: new AbortController().signal }
}

function everyTransport(loadToolsOnDemand: boolean): McpServerConfig[] {
  const secrets = { env: {}, headers: {} }
  return [
    {
      id: 's',
      name: 'S',
      transport: 'stdio',
      loadToolsOnDemand,
      shareConnection: false,
      settings: DEFAULT_MCP_SERVER_SETTINGS,
      updatedAt: new Date(0),
      config: { command: 'node', args: [] },
      secrets,
    },
    {
      id: 'h',
      name: 'H',
      transport: 'http',
      loadToolsOnDemand,
      shareConnection: false,
      settings: DEFAULT_MCP_SERVER_SETTINGS,
      updatedAt: new Date(0),
      config: { url: 'http://127.0.0.1:9/mcp' },
      secrets,
    },
    {
      id: 'w',
      name: 'W',
      transport: 'websocket',
      loadToolsOnDemand,
      shareConnection: false,
      settings: DEFAULT_MCP_SERVER_SETTINGS,
      updatedAt: new Date(0),
      config: { url: 'ws://127.0.0.1:9/mcp' },
      secrets,
    },
  ]
}

/** `options` is protected; reading it is the only way to see them without connecting. */
function optionsOf(tool: MCPTool): MCPToolOptions {
  return (tool as unknown as { options: MCPToolOptions }).options
}

describe('request timeouts of the tools a run connects', () => {
  it('outlast an approval the server waits for, where the SDK would give up after 60 s', () => {
    expect(mcpRequestTimeoutMs(10 * 60_000)).toBe(11 * 60_000)
    expect(mcpRequestTimeoutMs()).toBeGreaterThan(APPROVAL_TIMEOUT_MS)
    expect(mcpRequestTimeoutMs(1_000)).toBeGreaterThan(SDK_DEFAULT_REQUEST_TIMEOUT_MS)
    // Node fires a longer timer at once, which would time every request out immediately.
    expect(mcpRequestTimeoutMs(2 ** 31 - 1)).toBe(2 ** 31 - 1)
  })

  it('are set on every transport’s tool', () => {
    const context = toolContext()
    const tools = everyTransport(false).map((server) => createMcpTool(server, context))
    // Seen without waiting a minute for a request to time out.
    for (const tool of tools) expect(optionsOf(tool).requestTimeoutMs).toBe(mcpRequestTimeoutMs())
  })
})

describe('servers whose tools load on demand', () => {
  it('get progressive disclosure on every transport, and only when set', () => {
    for (const loadToolsOnDemand of [true, false]) {
      for (const server of everyTransport(loadToolsOnDemand)) {
        expect(optionsOf(createMcpTool(server, toolContext())).useProgressiveDisclosure, `${server.transport}, ${loadToolsOnDemand}`).toBe(loadToolsOnDemand)
      }
    }
  })
})
