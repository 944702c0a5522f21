/**
 * Versions and the live document (issue #30):
 * - saveLive(): a snapshot of the stored live document — every acknowledged change, whichever web
 *   process took it — validated and stored like any save, as the newest version, by its saver
 *   (editors; a workflow never opened live is its latest version, seeded as opening it would);
 * - followSave(): after a save from outside the live document (API, CLI, import, restore), which
 *   kept its 409-on-stale rule, the live document follows it when it still shows exactly the version
 *   the save started from: the difference is written into it (as stored updates, so every process's
 *   connected people see it). A live document that moved on since is left alone: its people's work
 *   is not overwritten, and their next live save will be on top.
 */
import type { LiveVersionResponse } from '@/lib/contracts/live-versions'
import type { GraphDocument } from '@/lib/graph'
import { readLiveDocument, seedLiveDocument, writeGraphChange } from '@/lib/graph/live-document'
import { parseGraphDocument } from '@/lib/graph/migrate'
import * as Y from 'yjs'
import { canSee, requireRole, type Principal } from '../auth/principal'
import type { SqlRunner } from '../db/sql'
import { notFound } from '../domain-errors'
import type { WorkflowService } from '../workflows/workflow-service'
import { LiveDocumentStore } from './live-store'

export type FollowOutcome = 'no_live_document' | 'written' | 'unchanged' | 'diverged'

export class LiveVersions {
  private readonly store: LiveDocumentStore

  constructor(
    private readonly sql: Pick<SqlRunner, 'query' | 'transaction'>,
    private readonly workflows: () => WorkflowService,
  ) {
    this.store = new LiveDocumentStore(sql)
  }

  async saveLive(principal: Principal, workflowId: string, note?: string): Promise<LiveVersionResponse> {
    const [workflow] = await this.sql.query<{ workspaceId: string | null }>('SELECT "workspaceId" FROM "Workflow" WHERE id = $1 AND "deletedAt" IS NULL', [
      workflowId,
    ])
    if (!workflow || !canSee(principal, workflow.workspaceId)) throw notFound('Workflow', workflowId)
    requireRole(principal, workflow.workspaceId, 'editor')
    // Never opened live: the live document is the latest version (seeded now, as the first person to open it would).
    const stored = await this.store.open(workflowId)
    if (!stored) throw notFound('Workflow', workflowId)
    const graph = readLiveDocument(stored.doc)
    stored.doc.destroy()
    const { version } = await this.workflows().createVersion(principal, workflowId, graph, 'latest', note)
    return { version, savedBy: { id: principal.userId, name: principal.name } }
  }

  async followSave(workflowId: string, baseVersion: number, saved: GraphDocument): Promise<FollowOutcome> {
    const stored = await this.store.read(workflowId)
    if (!stored) return 'no_live_document'
    try {
      const [base] = await this.sql.query<{ graph: unknown }>('SELECT graph FROM "WorkflowVersion" WHERE "workflowId" = $1 AND version = $2', [
        workflowId,
        baseVersion,
      ])
      const parsed = base && parseGraphDocument(base.graph)
      const live = readLiveDocument(stored.doc)
      if (!parsed?.ok || JSON.stringify(live) !== JSON.stringify(asLive(parsed.document))) return 'diverged'
      const updates: Uint8Array[] = []
      stored.doc.on('update', (update: Uint8Array) => void updates.push(update))
      writeGraphChange(stored.doc, live, asLive(saved))
      if (updates.length === 0) return 'unchanged'
      await this.store.append(workflowId, updates)
      return 'written'
    } finally {
      stored.doc.destroy()
    }
  }
}

/** A graph as the live document reads it back (ids in order, absent fields absent): what the comparison needs. */
function asLive(graph: GraphDocument): GraphDocument {
  const doc = new Y.Doc()
  seedLiveDocument(doc, graph)
  const read = readLiveDocument(doc)
  doc.destroy()
  return read
}
