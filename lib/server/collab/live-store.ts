/**
 * Where live documents are kept (issue #30): per workflow, a compacted Yjs state (WorkflowLiveDocument)
 * and the updates received since (WorkflowLiveUpdate, in arrival order). An update is appended, and
 * its commit awaited, before the server applies, acknowledges or relays it, so a process killed at any
 * moment loses nothing a client was told is stored.
 *
 * Appending also announces the new rows on one channel (`LIVE_UPDATE_CHANNEL`, payload
 * `<workflowId> <first id> <last id>`) in the same statement: every other web process holding the
 * document loads them (live-relay.ts). Compaction folds the updates into the state in one transaction.
 *
 * A document is seeded once, here, from the workflow's latest saved version: the row is inserted with
 * ON CONFLICT DO NOTHING and everyone reads back the winner's state, so two processes (or two people
 * opening it at once) never seed it twice.
 */
import * as Y from 'yjs'
import { emptyGraph, seedLiveDocument } from '@/lib/graph/live-document'
import { parseGraphDocument } from '@/lib/graph/migrate'
import type { SqlRunner } from '../db/sql'

export const LIVE_UPDATE_CHANNEL = 'agentloom_live_update'

export interface StoredLiveDocument {
  /** The whole document: the state with every stored update applied. */
  doc: Y.Doc
  seededFromVersion: number | null
  /** The newest update row read (0n when none): later rows are newer than this document. */
  lastUpdateId: bigint
  /** Updates stored since the last compaction. */
  pendingUpdates: number
}

export interface AppendedUpdates {
  first: bigint
  last: bigint
}

type Sql = Pick<SqlRunner, 'query' | 'transaction'>

export class LiveDocumentStore {
  constructor(private readonly sql: Sql) {}

  /** The stored document; undefined when the workflow was never opened live. */
  async read(workflowId: string): Promise<StoredLiveDocument | undefined> {
    // One statement, one snapshot: a compaction committing meanwhile cannot make state and rows disagree.
    const [row] = await this.sql.query<{ state: Buffer; seededFromVersion: number | null; updates: Buffer[] | null; lastId: string | null }>(
      `SELECT d.state, d."seededFromVersion", u.updates, u."lastId" FROM "WorkflowLiveDocument" d,
         LATERAL (SELECT array_agg("update" ORDER BY id) AS updates, max(id)::text AS "lastId"
                  FROM "WorkflowLiveUpdate" WHERE "workflowId" = d."workflowId") u
       WHERE d."workflowId" = $1`,
      [workflowId],
    )
    if (!row) return undefined
    const updates = row.updates ?? []
    const doc = new Y.Doc()
    Y.applyUpdate(doc, Y.mergeUpdates([row.state, ...updates]))
    return { doc, seededFromVersion: row.seededFromVersion, lastUpdateId: BigInt(row.lastId ?? 0), pendingUpdates: updates.length }
  }

  /**
   * The stored document, seeded from the latest saved version when it was never opened live.
   * Undefined when the workflow does not exist (or was deleted).
   */
  async open(workflowId: string): Promise<StoredLiveDocument | undefined> {
    const stored = await this.read(workflowId)
    if (stored) return stored
    const [latest] = await this.sql.query<{ version: number | null; graph: unknown; deletedAt: Date | null }>(
      `SELECT v.version, v.graph, w."deletedAt" FROM "Workflow" w
         LEFT JOIN LATERAL (SELECT version, graph FROM "WorkflowVersion" WHERE "workflowId" = w.id ORDER BY version DESC LIMIT 1) v ON true
       WHERE w.id = $1`,
      [workflowId],
    )
    if (!latest || latest.deletedAt) return undefined
    const seed = new Y.Doc()
    const parsed = latest.graph === null ? undefined : parseGraphDocument(latest.graph)
    seedLiveDocument(seed, parsed?.ok ? parsed.document : emptyGraph())
    await this.sql.query(
      `INSERT INTO "WorkflowLiveDocument" ("workflowId", state, "seededFromVersion", "updatedAt") VALUES ($1, $2, $3, now())
       ON CONFLICT ("workflowId") DO NOTHING`,
      [workflowId, Buffer.from(Y.encodeStateAsUpdate(seed)), latest.version],
    )
    seed.destroy()
    return this.read(workflowId)
  }

  /** Stores updates (in this order) and announces them, in one statement: committed when this resolves. */
  async append(workflowId: string, updates: readonly Uint8Array[]): Promise<AppendedUpdates> {
    const [row] = await this.sql.query<{ first: string; last: string }>(
      `WITH added AS (
         INSERT INTO "WorkflowLiveUpdate" ("workflowId", "update")
         SELECT $1, u.bytes FROM unnest($2::bytea[]) WITH ORDINALITY AS u(bytes, n) ORDER BY u.n
         RETURNING id)
       SELECT min(id)::text AS first, max(id)::text AS last,
              pg_notify('${LIVE_UPDATE_CHANNEL}', $1 || ' ' || min(id)::text || ' ' || max(id)::text) AS notified
       FROM added`,
      [workflowId, updates.map((update) => Buffer.from(update.buffer, update.byteOffset, update.byteLength))],
    )
    return { first: BigInt(row.first), last: BigInt(row.last) }
  }

  /** The updates of rows first..last (one append's): empty when a compaction has folded them into the state since. */
  async updatesBetween(workflowId: string, first: bigint, last: bigint): Promise<Uint8Array[]> {
    const rows = await this.sql.query<{ update: Buffer }>(
      'SELECT "update" FROM "WorkflowLiveUpdate" WHERE "workflowId" = $1 AND id BETWEEN $2 AND $3 ORDER BY id',
      [workflowId, first.toString(), last.toString()],
    )
    return rows.map((row) => row.update)
  }

  /** The compacted state alone (what a process that missed compacted updates applies to catch up). */
  async state(workflowId: string): Promise<Uint8Array | undefined> {
    const [row] = await this.sql.query<{ state: Buffer }>('SELECT state FROM "WorkflowLiveDocument" WHERE "workflowId" = $1', [workflowId])
    return row?.state
  }

  /**
   * Folds every stored update into the state and deletes them, in one transaction that holds the
   * document's row: concurrent appends land after it and stay rows. Returns how many it folded.
   *
   * It deletes the rows it read, by id, and never "every id up to the last": ids are taken when a row
   * is inserted, not when it commits, so another process's append may commit a lower id after the read
   * (live-store.int.test.ts makes it happen).
   */
  async compact(workflowId: string): Promise<number> {
    return this.sql.transaction(async (tx) => {
      const [row] = await tx.query<{ state: Buffer }>('SELECT state FROM "WorkflowLiveDocument" WHERE "workflowId" = $1 FOR UPDATE', [workflowId])
      if (!row) return 0
      const updates = await tx.query<{ id: string; update: Buffer }>(
        'SELECT id::text AS id, "update" FROM "WorkflowLiveUpdate" WHERE "workflowId" = $1 ORDER BY id',
        [workflowId],
      )
      if (updates.length === 0) return 0
      // Through a document rather than Y.mergeUpdates: deleted content is garbage-collected, so the state stays small.
      const doc = new Y.Doc()
      Y.applyUpdate(doc, Y.mergeUpdates([row.state, ...updates.map((update) => update.update)]))
      const state = Buffer.from(Y.encodeStateAsUpdate(doc))
      doc.destroy()
      await tx.query('UPDATE "WorkflowLiveDocument" SET state = $2, "updatedAt" = now() WHERE "workflowId" = $1', [workflowId, state])
      await tx.query('DELETE FROM "WorkflowLiveUpdate" WHERE "workflowId" = $1 AND id = ANY($2::bigint[])', [workflowId, updates.map((update) => update.id)])
      return updates.length
    })
  }
}
