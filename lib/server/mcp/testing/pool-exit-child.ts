/**
 * For mcp-connection-pool.int.test.ts: a process that starts a stdio MCP server which ignores the
 * end of its stdin, prints the server's pid as JSON, and exits without closing anything. The
 * server is leased from a connection pool, or with `--without-pool` connected directly (to show
 * that such a server outlives a process that does not end it).
 */
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { join } from 'node:path'
import { MCPStdioTool, type MCPTool } from '../../../core'
import { McpConnectionPool } from '../mcp-connection-pool'

async function connectStubborn(): Promise<MCPTool> {
  const tool = new MCPStdioTool({
    name: 'stubborn',
    command: process.execPath,
    args: [join(import.meta.dirname, 'counting-server.mjs')],
    env: { MCP_IGNORE_STDIN_END: '1' },
    stderr: 'ignore',
  })
  await tool.connect()
  return tool
}

const tool = process.argv.includes('--without-pool')
  ? await connectStubborn()
  : (await new McpConnectionPool().acquire({ id: 'stubborn', updatedAt: new Date() }, { open: connectStubborn })).tool
const transport = tool.sdkClient?.transport
if (!(transport instanceof StdioClientTransport) || transport.pid === null) throw new Error('the server did not start')
console.log(JSON.stringify({ pid: transport.pid }))
process.exit(0)
