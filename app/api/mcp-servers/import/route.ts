import { importManifestRequestSchema } from '@/lib/contracts/mcp-servers'
import { json, parseBody, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

/** Imports a ToolingManifest.json as the caller's servers: `{ created, updated, skipped }`, or 400 with the manifest's problems in details. */
export const POST = authenticatedRoute(async (request, _params, principal) => {
  const body = await parseBody(request, importManifestRequestSchema, { limit: 'import' })
  const { mcpServers } = await getServices()
  return json(await mcpServers.importManifest(principal, body))
})
