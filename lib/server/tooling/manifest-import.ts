/**
 * Importing a tool-server manifest into the app's MCP servers: each entry becomes (or updates) an
 * `http` McpServer row — `config: { url }`, the entry's headers in `secrets.headers` (never shown to
 * clients). Existing servers are left alone unless `onExisting: 'replace'`; a replaced server keeps
 * its enabled flag. Everything happens in one transaction.
 */
import type { Prisma } from '../db/database'
import { parseToolingManifest, type ParseManifestOptions, type ToolServerEntry } from './tooling-manifest'

export interface ImportManifestOptions extends ParseManifestOptions {
  /** What to do with a server id that already exists (default 'skip'). */
  onExisting?: 'skip' | 'replace'
}

export interface ManifestImportResult {
  created: string[]
  updated: string[]
  skipped: string[]
}

function rowData(entry: ToolServerEntry) {
  return {
    name: entry.name,
    description: entry.description,
    transport: 'http' as const,
    config: { url: entry.url },
    secrets: { env: {}, headers: entry.headers },
  }
}

/** Parses `manifest` (JSON text or value) and writes its servers; throws ToolingManifestError before writing anything when it is invalid. */
export async function importToolingManifest(prisma: Prisma, manifest: string | unknown, options: ImportManifestOptions = {}): Promise<ManifestImportResult> {
  const entries = parseToolingManifest(manifest, options)
  const onExisting = options.onExisting ?? 'skip'
  const result: ManifestImportResult = { created: [], updated: [], skipped: [] }
  await prisma.$transaction(async (tx) => {
    const existing = new Set(
      (await tx.mcpServer.findMany({ where: { id: { in: entries.map((e) => e.id) } }, select: { id: true } })).map((row) => row.id),
    )
    for (const entry of entries) {
      if (!existing.has(entry.id)) {
        await tx.mcpServer.create({ data: { id: entry.id, ...rowData(entry) } })
        result.created.push(entry.id)
      } else if (onExisting === 'replace') {
        await tx.mcpServer.update({ where: { id: entry.id }, data: rowData(entry) })
        result.updated.push(entry.id)
      } else {
        result.skipped.push(entry.id)
      }
    }
  })
  return result
}
