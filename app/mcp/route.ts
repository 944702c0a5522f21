import { handleMcpRequest } from '@/lib/server/mcp-endpoint/mcp-endpoint-handler'

export const dynamic = 'force-dynamic'

export const POST = handleMcpRequest
export const GET = handleMcpRequest
export const DELETE = handleMcpRequest
