/**
 * The app's own MCP server (Streamable HTTP): offered workflows and agents as tools. The handler takes a
 * personal API token only (Bearer; no cookie session) and answers 401 without one: lib/server/mcp-endpoint/.
 */
import { handleMcpRequest } from '@/lib/server/mcp-endpoint/mcp-endpoint-handler'

export const dynamic = 'force-dynamic'

export const POST = handleMcpRequest
export const GET = handleMcpRequest
export const DELETE = handleMcpRequest
