/**
 * Importing a tool-server manifest into the app's MCP servers: each entry becomes (or updates) an
 * `http` McpServer row — `config: { url }`, the entry's headers (and the URL's query values) sealed
 * in `secrets` (never shown to clients) — owned by the person importing, in the workspace they name (the caller checked
 * their role there) or their personal one. Existing servers are left alone unless
 * `onExisting: 'replace'`, and only the importer's own (an admin's: any) are ever replaced; a
 * replaced server keeps its enabled flag. Every change is in the audit log. Everything happens in
 * one transaction.
 */
import type { Principal } from '../auth/principal'
import { nameOwnerOf, ownerNamesWhere } from '../auth/name-owner'
import type { Prisma } from '../db/database'
import { auditServerCreated, auditServerUpdated, type AuditedServerRow } from '../mcp/mcp-server-audit'
import { allWorkflowsReferencingServer } from '../mcp/mcp-server-references'
import { sealedUrlServerColumns, secretKeysOfColumn } from '../mcp/mcp-server-secrets'
import type { ImportPreviewEntry } from '@/lib/contracts/mcp-servers'
import type { SecretBox } from '../secrets/secret-box'
import { parseToolingManifest, type ParseManifestOptions, type ToolServerEntry } from './tool-server-manifest'

export interface ImportManifestOptions extends ParseManifestOptions {
  /** Seals the entries' headers and URL secrets at rest. */
  secretBox: SecretBox
  /** What to do with a server id that already exists (default 'skip'). */
  onExisting?: 'skip' | 'replace'
  /** Refuses a server URL (the outbound policy, for a member's import) before anything is written. */
  checkUrl?: (url: string) => Promise<void>
  /** The workspace the servers are made in (default: the importer's personal one). */
  workspaceId?: string
}

export interface ManifestImportResult {
  created: string[]
  updated: string[]
  /** Existing servers left alone, including ids taken by servers the importer cannot see. */
  skipped: string[]
}

function rowData(entry: ToolServerEntry, box: SecretBox) {
  return {
    name: entry.name,
    description: entry.description,
    transport: 'http' as const,
    ...sealedUrlServerColumns(box, entry.url, entry.headers),
  }
}

type StoredRow = {
  id: string
  name: string
  description: string
  transport: string
  config: unknown
  secrets: unknown
  enabled: boolean
  loadToolsOnDemand: boolean
  shareConnection: boolean
}

function audited(row: StoredRow): AuditedServerRow {
  return { ...row, secretKeys: secretKeysOfColumn(row.secrets) }
}

/** What importing `manifest` would do, each server with its secrets' names; throws ToolingManifestError when it is invalid. */
export async function previewToolingManifest(
  prisma: Prisma,
  manifest: string | unknown,
  principal: Principal,
  options: { serverUrlBase?: string; onExisting: 'skip' | 'replace'; workspaceId?: string },
): Promise<ManifestImportResult & { entries: ImportPreviewEntry[] }> {
  const entries = parseToolingManifest(manifest, { serverUrlBase: options.serverUrlBase })
  const ids = entries.map((e) => e.id)
  // Ids are the importer's own: another owner's server of the same id is neither taken nor replaced (nor revealed).
  const taken = new Set(
    (
      await prisma.mcpServer.findMany({ where: { id: { in: ids }, ...ownerNamesWhere(nameOwnerOf(principal, options.workspaceId)) }, select: { id: true } })
    ).map((row) => row.id),
  )
  const replaced = (id: string) => options.onExisting === 'replace' && taken.has(id)
  return {
    created: ids.filter((id) => !taken.has(id)),
    updated: ids.filter((id) => taken.has(id) && replaced(id)),
    skipped: ids.filter((id) => taken.has(id) && !replaced(id)),
    entries: entries.map((entry) => ({
      key: entry.uniqueName,
      id: entry.id,
      name: entry.name,
      transport: 'http',
      summary: `${new URL(entry.url).origin}${new URL(entry.url).pathname}`,
      secretKeys: { env: [], headers: Object.keys(entry.headers) },
      exists: taken.has(entry.id),
      problems: [],
    })),
  }
}

/** Parses `manifest` (JSON text or value) and writes its servers as `principal`'s; throws ToolingManifestError before writing anything when it is invalid. */
export async function importToolingManifest(
  prisma: Prisma,
  manifest: string | unknown,
  principal: Principal,
  options: ImportManifestOptions,
): Promise<ManifestImportResult> {
  const entries = parseToolingManifest(manifest, options)
  for (const entry of entries) await options.checkUrl?.(entry.url)
  const onExisting = options.onExisting ?? 'skip'
  const result: ManifestImportResult = { created: [], updated: [], skipped: [] }
  await prisma.$transaction(async (tx) => {
    const ids = entries.map((e) => e.id)
    const owner = nameOwnerOf(principal, options.workspaceId)
    const replaceable = new Map((await tx.mcpServer.findMany({ where: { id: { in: ids }, ...ownerNamesWhere(owner) } })).map((row) => [row.id, row]))
    for (const entry of entries) {
      const existing = replaceable.get(entry.id)
      if (!existing) {
        const row = await tx.mcpServer.create({
          data: {
            id: entry.id,
            ownerId: principal.userId,
            workspaceId: owner.workspaceId,
            updatedById: principal.userId,
            ...rowData(entry, options.secretBox),
          },
        })
        await auditServerCreated(tx, principal.userId, audited(row), 'manifest')
        result.created.push(entry.id)
      } else if (onExisting === 'replace' && existing) {
        const row = await tx.mcpServer.update({
          where: { rowId: existing.rowId },
          data: { ...rowData(entry, options.secretBox), version: { increment: 1 }, updatedById: principal.userId },
        })
        const affectedWorkflows = await allWorkflowsReferencingServer(tx, row)
        await auditServerUpdated(tx, principal.userId, { before: audited(existing), after: audited(row), affectedWorkflows, source: 'manifest' })
        result.updated.push(entry.id)
      } else {
        result.skipped.push(entry.id)
      }
    }
  })
  return result
}
