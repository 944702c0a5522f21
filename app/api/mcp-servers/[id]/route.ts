import { mcpServerIdParamsSchema, updateMcpServerRequestSchema, type McpServerResponse, type SavedMcpServerResponse } from '@/lib/contracts/mcp-servers'
import { json, parseBody, parseWith, authenticatedRoute } from '@/lib/server/http'
import { saveBase, withEtag } from '@/lib/server/save-base'
import { getServices } from '@/lib/server/services'

/** The server with its configuration and secret key names, and the workflows that use it. */
export const GET = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(mcpServerIdParamsSchema, params, 'path')
  const { mcpServers } = await getServices()
  const server = await mcpServers.get(principal, id)
  return withEtag(json({ server, referencedBy: await mcpServers.references(principal, id) } satisfies McpServerResponse), server.version)
})

/**
 * 409 `confirm_required` (details.affected) when what a used server runs or where it connects changes without `confirm: true`;
 * 409 `stale_version` when the server was saved again since `baseVersion` (or `If-Match`).
 */
export const PATCH = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(mcpServerIdParamsSchema, params, 'path')
  const { baseVersion, ...patch } = await parseBody(request, updateMcpServerRequestSchema)
  const base = saveBase(request, baseVersion)
  const { mcpServers } = await getServices()
  const server = await mcpServers.update(principal, id, patch, base)
  return withEtag(json({ server } satisfies SavedMcpServerResponse), server.version)
})

export const DELETE = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(mcpServerIdParamsSchema, params, 'path')
  const { mcpServers } = await getServices()
  return json(await mcpServers.remove(principal, id))
})
