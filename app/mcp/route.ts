/**
 * The app's own MCP server (Streamable HTTP): offered workflows and agents as tools. The handler takes a
 * personal API token only (Bearer; no cookie session) and answers 401 without one: lib/server/mcp-endpoint/.
 */
import { defineRoute, type DeclaredMethod } from '@/lib/server/define-route'
import { handleMcpRequest } from '@/lib/server/mcp-endpoint/mcp-endpoint-handler'

export const dynamic = 'force-dynamic'

const mcpEndpoint = (method: DeclaredMethod) =>
  defineRoute({
    method,
    path: '/mcp',
    access: 'anyone',
    // It answers in JSON-RPC, its 401 included.
    credentials: 'handler',
    undocumented: 'The MCP endpoint (JSON-RPC over Streamable HTTP), described by the MCP specification.',
    responses: {},
    handler: ({ request }) => handleMcpRequest(request),
  })

export const POST = mcpEndpoint('POST')
export const GET = mcpEndpoint('GET')
export const DELETE = mcpEndpoint('DELETE')
