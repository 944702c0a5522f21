import { importManifestRequestSchema, manifestImportSummarySchema } from '@/lib/contracts/mcp-servers'
import { defineRoute, ok } from '@/lib/server/define-route'

/** Imports a ToolingManifest.json as the caller's servers: `{ created, updated, skipped }`, or 400 with the manifest's problems in details. */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/mcp-servers/import',
  access: 'anyone',
  summary: 'Import MCP servers from a desktop-style manifest ({"mcpServers": {...}})',
  tag: 'mcp-servers',
  body: importManifestRequestSchema,
  bodyLimit: 'import',
  example: () => ({ manifest: { mcpServers: [{ mcpServerName: 'fuzz_tools', url: 'http://127.0.0.1:9/mcp' }] }, onExisting: 'skip' as const }),
  responses: ok(manifestImportSummarySchema),
  errors: [403],
  handler: ({ principal, services: { mcpServers }, body }) => mcpServers.importManifest(principal, body),
})
