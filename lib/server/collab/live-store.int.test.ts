/**
 * The stored update log against compaction (live-store.ts): an update stored while the log is being folded into the
 * state is never lost, whether it was appended by this process or another (two web processes append to one document
 * at once; each may compact it).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import * as Y from 'yjs'
import { exampleWorkflowDocument } from '@/lib/graph'
import { pgSqlRunner, type SqlRunner } from '../db/sql'
import { createTestApp, principalOf, type TestApp, type TestUser } from '../testing/test-app'
import { WorkflowService } from '../workflows/workflow-service'
import { LiveDocumentStore } from './live-store'

let app: TestApp
let owner: TestUser

beforeAll(async () => {
  app = await createTestApp({ seed: false })
  owner = await app.addUser()
})

afterAll(async () => {
  await app?.close()
})

/** A workflow whose live document is stored (seeded from its first version). */
async function openedWorkflow(store: LiveDocumentStore): Promise<string> {
  const { workflow } = await new WorkflowService(app.db.prisma).create(principalOf(owner), { name: 'Compacted', graph: exampleWorkflowDocument() })
  await store.open(workflow.id)
  return workflow.id
}

/** One person's edit, by a client of its own: it sets `key` in a map of the document, and nothing else. */
function edit(key: string): Uint8Array {
  const doc = new Y.Doc()
  doc.getMap('marks').set(key, true)
  return Y.encodeStateAsUpdate(doc)
}

/** The keys the stored document holds (state and every update not yet compacted). */
async function storedKeys(store: LiveDocumentStore, workflowId: string): Promise<string[]> {
  const stored = await store.read(workflowId)
  const keys = [...stored!.doc.getMap('marks').keys()].sort()
  stored!.doc.destroy()
  return keys
}

/** A web process's own statements: a pool of its own, as collab-upgrade.ts gives each process. */
function processStore(): LiveDocumentStore {
  return new LiveDocumentStore(pgSqlRunner(app.db.openPool(2)))
}

it('loses no update stored while the log is compacted, however the statements of two processes interleave', async () => {
  const [first, second] = [processStore(), processStore()]
  const workflowId = await openedWorkflow(first)
  const expected: string[] = []
  const ROUNDS = 150
  for (let round = 0; round < ROUNDS; round++) {
    const keys = [`r${round}-a0`, `r${round}-a1`, `r${round}-b0`, `r${round}-b1`]
    expected.push(...keys)
    await Promise.all([
      first.append(workflowId, [edit(keys[0]!)]).then(() => first.append(workflowId, [edit(keys[1]!)])),
      second.append(workflowId, [edit(keys[2]!)]).then(() => second.append(workflowId, [edit(keys[3]!)])),
      round % 2 === 0 ? first.compact(workflowId) : second.compact(workflowId),
    ])
  }
  expect(await storedKeys(first, workflowId)).toEqual(expected.sort())
  await second.compact(workflowId)
  expect(await storedKeys(first, workflowId)).toEqual(expected)
})

it('keeps an update whose row took its id before a compaction read the log and committed while it folded it', async () => {
  const store = processStore()
  const workflowId = await openedWorkflow(store)
  // Another process's append, its row inserted but not yet committed: its id is below the next one's.
  const inFlight = await app.db.connectClient()
  await inFlight.query('BEGIN')
  await inFlight.query('INSERT INTO "WorkflowLiveUpdate" ("workflowId", "update") VALUES ($1, $2)', [workflowId, Buffer.from(edit('slow'))])
  await store.append(workflowId, [edit('fast')])
  // The slow append commits right after the compaction has read the log (which showed it only the fast one).
  const compactor = new LiveDocumentStore(afterReadingTheLog(pgSqlRunner(app.db.openPool(1)), () => inFlight.query('COMMIT')))
  await compactor.compact(workflowId)
  await inFlight.end()
  expect(await storedKeys(store, workflowId)).toEqual(['fast', 'slow'])
})

/** `sql` whose transactions run `then` once a statement that reads the update log has answered, before going on. */
function afterReadingTheLog(sql: SqlRunner, then: () => Promise<unknown>): Pick<SqlRunner, 'query' | 'transaction'> {
  return {
    query: sql.query.bind(sql),
    transaction: (work) =>
      sql.transaction((tx) =>
        work({
          ...tx,
          query: async <Row>(text: string, params?: unknown[]) => {
            const rows = await tx.query<Row>(text, params)
            if (/^SELECT .* FROM "WorkflowLiveUpdate"/s.test(text)) await then()
            return rows
          },
        }),
      ),
  }
}
