import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { MCPWebSocketTool } from './websocket-tool'
import { recordingLogger } from './testing/recording-chat-client'
import { startWsMcpServer, type WsMcpServer } from './testing/ws-mcp-server'

let server: WsMcpServer
beforeAll(async () => {
  server = await startWsMcpServer(() => {
    const mcp = new McpServer({ name: 'ws-fixture', version: '1.0.0' })
    mcp.registerTool('shout', { inputSchema: { text: z.string() } }, async ({ text }) => ({ content: [{ type: 'text', text: text.toUpperCase() }] }))
    return mcp
  })
})
afterAll(async () => {
  await server?.close()
})

describe('MCPWebSocketTool against a ws server speaking MCP', () => {
  it('connects with the mcp subprotocol, lists and calls tools, and reconnects after a drop', async () => {
    const tool = new MCPWebSocketTool({ name: 'ws', url: server.url, logger: recordingLogger() })
    try {
      await tool.connect()
      expect(server.protocols).toContain('mcp')
      expect(tool.functions.map((fn) => fn.name)).toEqual(['shout'])
      expect((await tool.callTool('shout', { text: 'hi', extra: 1 })).content).toEqual([{ type: 'text', text: 'HI' }])
      await tool.sdkClient!.transport!.close()
      expect((await tool.callTool('shout', { text: 'again' })).content).toEqual([{ type: 'text', text: 'AGAIN' }])
    } finally {
      await tool.close()
    }
  })

  it('reports a server that is not there', async () => {
    const tool = new MCPWebSocketTool({ name: 'ws', url: 'ws://127.0.0.1:9', logger: recordingLogger() })
    await expect(tool.connect()).rejects.toThrow(/^Failed to connect to MCP server: /)
  })
})
