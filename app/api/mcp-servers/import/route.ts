import { importManifestRequestSchema, manifestImportSummarySchema } from '@/lib/contracts/mcp-servers'
import { inWorkspaceQuerySchema } from '@/lib/contracts/workspace-roles'
import { defineRoute, ok } from '@/lib/server/define-route'

/**
 * Imports a ToolingManifest.json as servers of the workspace `?workspaceId=` names (default: the caller's personal one):
 * `{ created, updated, skipped }`, or 400 with the manifest's problems in details.
 */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/mcp-servers/import',
  access: 'anyone',
  workspace: { resource: 'workspace', role: 'editor' },
  summary: 'Import MCP servers from a desktop-style manifest ({"mcpServers": {...}})',
  tag: 'mcp-servers',
  query: inWorkspaceQuerySchema,
  body: importManifestRequestSchema,
  bodyLimit: 'import',
  example: () => ({ manifest: { mcpServers: [{ mcpServerName: 'fuzz_tools', url: 'http://127.0.0.1:9/mcp' }] }, onExisting: 'skip' as const }),
  responses: ok(manifestImportSummarySchema),
  errors: [403],
  handler: ({ principal, services: { mcpServers }, body, query }) => mcpServers.importManifest(principal, body, query.workspaceId),
})
