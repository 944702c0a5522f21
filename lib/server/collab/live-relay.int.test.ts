/**
 * Live documents across web processes when a process's LISTEN connection drops (live-relay.ts): the announcements
 * of what the others stored meanwhile are gone, so once it listens again it catches up from the database. Two collab
 * servers on one database, each listening on a connection of its own, as two web processes do.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import * as Y from 'yjs'
import { exampleWorkflowDocument } from '@/lib/graph'
import { liveNodes, readLiveDocument } from '@/lib/graph/live-document'
import { PgNotifications } from '../db/pg-notifications'
import { createTestApp, principalOf, type TestApp, type TestUser } from '../testing/test-app'
import { WorkflowService } from '../workflows/workflow-service'
import { connectLiveClient, type LiveClient } from './testing/live-client'
import { startLiveHost, type LiveHost } from './testing/live-host'

let app: TestApp
let owner: TestUser
const hosts: LiveHost[] = []
const clients: LiveClient[] = []
const notifications: PgNotifications[] = []

/**
 * The listening side of the second process: every connection it opens says its backend's pid (to end it from the
 * outside), and while `hold` is set a new connection waits for it, so the test decides when the process listens again.
 */
const listener = {
  pids: [] as number[],
  hold: undefined as Promise<void> | undefined,
  /** Called when the process tries to listen again after losing its connection. */
  onAttempt: () => {},
}

beforeAll(async () => {
  app = await createTestApp({ seed: false })
  owner = await app.addUser()
})

afterAll(async () => {
  for (const client of clients) client.destroy()
  for (const host of hosts) await host.close()
  for (const each of notifications) await each.close()
  await app?.close()
})

async function connect(host: LiveHost, workflowId: string): Promise<LiveClient> {
  const client = await connectLiveClient({ baseUrl: host.baseUrl, workflowId, token: owner.token })
  clients.push(client)
  return client
}

/** A second web process: its own collab server, with its own LISTEN connection (the gated one above). */
async function secondProcess(): Promise<LiveHost> {
  const own = new PgNotifications(async () => {
    if (listener.hold) {
      listener.onAttempt()
      await listener.hold
    }
    const client = await app.db.connectClient()
    const [row] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows
    listener.pids.push(row!.pid)
    return client
  })
  notifications.push(own)
  const host = await startLiveHost({ ...app, notifications: own })
  hosts.push(host)
  return host
}

function sameState(a: Y.Doc, b: Y.Doc): boolean {
  const left = Y.decodeStateVector(Y.encodeStateVector(a))
  const right = Y.decodeStateVector(Y.encodeStateVector(b))
  return left.size === right.size && [...left].every(([client, clock]) => right.get(client) === clock)
}

it('catches up on what another process stored while its LISTEN connection was down, and converges', async () => {
  const first = await startLiveHost(app)
  hosts.push(first)
  const second = await secondProcess()
  const { workflow } = await new WorkflowService(app.db.prisma).create(principalOf(owner), { name: 'Relayed', graph: exampleWorkflowDocument() })
  const onFirst = await connect(first, workflow.id)
  const onSecond = await connect(second, workflow.id)
  // Relayed as usual while both listen.
  liveNodes(onFirst.doc).get('researcher')!.set('x', 101)
  await onSecond.until((doc) => liveNodes(doc).get('researcher')!.get('x') === 101)

  // The second process's listening connection is ended from the outside; it notices and tries again, and waits.
  let release = () => {}
  listener.hold = new Promise<void>((resolve) => (release = resolve))
  const attempted = new Promise<void>((resolve) => (listener.onAttempt = resolve))
  const [ended] = await app.db.sql.query<{ ended: boolean }>('SELECT pg_terminate_backend($1) AS ended', [listener.pids.at(-1)])
  expect(ended!.ended).toBe(true)
  await attempted

  // Meanwhile the first process stores edits (some folded into the state by a compaction), and the second one's own
  // person edits too (stored and announced to the first, which still listens).
  liveNodes(onFirst.doc).get('researcher')!.set('x', 202)
  ;(liveNodes(onFirst.doc).get('researcher')!.get('data') as Y.Map<unknown>).set('name', 'Scout')
  await onFirst.acknowledged()
  await first.collab.store.compact(workflow.id)
  liveNodes(onFirst.doc).get('output')!.set('x', 303)
  await onFirst.acknowledged()
  liveNodes(onSecond.doc).get('start')!.set('y', 404)
  await onSecond.acknowledged()
  await onFirst.until((doc) => liveNodes(doc).get('start')!.get('y') === 404)

  // Listening again, the second process catches up, and both people end with one document.
  listener.hold = undefined
  release()
  await onSecond.until((doc) => liveNodes(doc).get('output')!.get('x') === 303 && liveNodes(doc).get('researcher')!.get('x') === 202)
  await Promise.all([onFirst.until((doc) => sameState(doc, onSecond.doc)), onSecond.until((doc) => sameState(doc, onFirst.doc))])
  expect(readLiveDocument(onSecond.doc)).toEqual(readLiveDocument(onFirst.doc))
  expect(readLiveDocument(onSecond.doc).nodes.find((node) => node.id === 'researcher')!.data).toMatchObject({ name: 'Scout' })
  expect(listener.pids).toHaveLength(2)
  // And it follows the first process live again.
  liveNodes(onFirst.doc).get('output')!.set('y', 505)
  await onSecond.until((doc) => liveNodes(doc).get('output')!.get('y') === 505)
})
