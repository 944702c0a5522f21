/**
 * `/mcp`: the Streamable HTTP transport in front of the app's MCP server (mcp-endpoint-server.ts),
 * stateless — a new server and transport per POST, no session id, no standalone GET stream —
 * because everything a client comes back for (a task) is a run in the database. Only a personal
 * API token (`Authorization: Bearer`) gets in: MCP clients send no cookies, and a browser's
 * session must not be usable from another site's page. The body is held to the API's size limit.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js'
import { getAppContext } from '../app-assembly'
import { authenticate } from '../auth/authenticate'
import { requestBaseUrl } from '../auth/public-url'
import { toErrorResponse } from '../http-errors'
import { bodyLimitsFromEnv, readBodyText } from '../request-body'
import { servicesFor } from '../services'
import { createMcpEndpointServer } from './mcp-endpoint-server'

const jsonRpcError = (status: number, code: number, message: string, headers?: Record<string, string>) =>
  Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status, headers })

export async function handleMcpRequest(request: Request): Promise<Response> {
  const app = await getAppContext()
  const principal = request.headers.has('authorization') ? await authenticate(request, app) : null
  if (!principal) {
    return Response.json(
      { error: { code: 'unauthenticated', message: 'Send a personal API token as Authorization: Bearer <token>.' } },
      { status: 401, headers: { 'www-authenticate': 'Bearer' } },
    )
  }
  if (request.method !== 'POST') {
    return jsonRpcError(405, ErrorCode.ConnectionClosed, 'This MCP endpoint is stateless: send requests with POST.', { allow: 'POST' })
  }
  let body: unknown
  try {
    body = JSON.parse(await readBodyText(request, bodyLimitsFromEnv().default))
  } catch (error) {
    if (error instanceof SyntaxError) return jsonRpcError(400, ErrorCode.ParseError, 'Parse error: the body is not JSON.')
    const { status, body: errorBody } = toErrorResponse(error)
    return Response.json(errorBody, { status })
  }
  const server = createMcpEndpointServer({ services: servicesFor(app), principal, baseUrl: requestBaseUrl(request) })
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined })
  await server.connect(transport)
  // A client that hangs up stops what its requests were waiting for (a synchronous call also cancels its run).
  request.signal.addEventListener('abort', () => void server.close(), { once: true })
  return transport.handleRequest(request, { parsedBody: body })
}
