import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import * as Y from 'yjs'
import { exampleWorkflowDocument, validate } from '@/lib/graph'
import { liveNodes, readLiveDocument, seedLiveDocument, writeGraphChange } from '@/lib/graph/live-document'
import { waitFor } from '../testing/wait-for'
import { createTestApp, principalOf, type TestApp, type TestUser } from '../testing/test-app'
import { WorkflowService } from '../workflows/workflow-service'
import { connectLiveClient, type LiveClient } from './testing/live-client'
import { startLiveHost, type LiveHost } from './testing/live-host'

let app: TestApp
let host: LiveHost
let owner: TestUser
let runner: TestUser
let outsider: TestUser
let workflows: WorkflowService
const clients: LiveClient[] = []

async function newWorkflow(): Promise<string> {
  const { workflow } = await workflows.create(principalOf(owner), { name: 'Live', graph: exampleWorkflowDocument() })
  return workflow.id
}

async function connect(user: TestUser, workflowId: string): Promise<LiveClient> {
  const client = await connectLiveClient({ baseUrl: host.baseUrl, workflowId, token: user.token })
  clients.push(client)
  return client
}

/** The status and error code a refused upgrade answers. */
function upgradeRefusal(path: string, headers: Record<string, string> = {}): Promise<{ status: number; code: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${host.baseUrl.replace('http', 'ws')}${path}`, { headers })
    socket.on('open', () => reject(new Error('the upgrade was accepted')))
    socket.on('unexpected-response', (_request, response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => {
        // A refusal is a response like any other: it carries the security headers.
        if (response.headers['x-content-type-options'] !== 'nosniff')
          reject(new Error(`no security headers on the refusal: ${JSON.stringify(response.headers)}`))
        resolve({ status: response.statusCode ?? 0, code: JSON.parse(body).error.code })
      })
    })
    socket.on('error', () => {})
  })
}

async function storedUpdates(workflowId: string): Promise<number> {
  const [row] = await app.db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM "WorkflowLiveUpdate" WHERE "workflowId" = $1', [workflowId])
  return row.n
}

beforeAll(async () => {
  app = await createTestApp({ seed: false })
  owner = await app.addUser()
  runner = await app.addUser()
  outsider = await app.addUser()
  await app.db.prisma.workspaceMember.create({ data: { workspaceId: owner.personalWorkspaceId, userId: runner.id, role: 'runner' } })
  workflows = new WorkflowService(app.db.prisma)
  host = await startLiveHost(app, { compactAfter: 40 })
})

afterAll(async () => {
  for (const client of clients) client.destroy()
  await host?.close()
  await app?.close()
})

describe('the upgrade of /api/collab/<workflowId>', () => {
  it('refuses without credentials (401), from another site (403), for another host (403), to outsiders and for unknown workflows (404)', async () => {
    const id = await newWorkflow()
    expect(await upgradeRefusal(`/api/collab/${id}`)).toEqual({ status: 401, code: 'unauthenticated' })
    expect(await upgradeRefusal(`/api/collab/${id}?token=nope`)).toEqual({ status: 401, code: 'unauthenticated' })
    expect(await upgradeRefusal(`/api/collab/${id}?token=${owner.token}`, { origin: 'https://evil.example' })).toEqual({
      status: 403,
      code: 'cross_origin_request',
    })
    expect(await upgradeRefusal(`/api/collab/${id}?token=${owner.token}`, { 'sec-fetch-site': 'cross-site' })).toEqual({
      status: 403,
      code: 'cross_origin_request',
    })
    expect(await upgradeRefusal(`/api/collab/${id}?token=${owner.token}`, { host: 'attacker.example' })).toEqual({ status: 403, code: 'host_not_allowed' })
    expect(await upgradeRefusal(`/api/collab/${id}?token=${outsider.token}`)).toEqual({ status: 404, code: 'not_found' })
    expect(await upgradeRefusal(`/api/collab/no-such-workflow?token=${owner.token}`)).toEqual({ status: 404, code: 'not_found' })
    expect(await upgradeRefusal(`/api/collab/${id}/x?token=${owner.token}`)).toEqual({ status: 404, code: 'not_found' })
  })

  it('admits a browser’s session cookie from the app’s own page', async () => {
    const id = await newWorkflow()
    const signedIn = await app.auth.api.signInEmail({ body: { email: owner.email, password: owner.password }, asResponse: true })
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')
    const opened = await new Promise<boolean>((resolve) => {
      const socket = new WebSocket(`${host.baseUrl.replace('http', 'ws')}/api/collab/${id}`, {
        headers: { cookie, origin: host.baseUrl, 'sec-fetch-site': 'same-origin' },
      })
      socket.on('open', () => {
        socket.close()
        resolve(true)
      })
      socket.on('unexpected-response', () => resolve(false))
      socket.on('error', () => {})
    })
    expect(opened).toBe(true)
  })

  it('admits the app’s own pages (same Origin) and a Bearer header', async () => {
    const id = await newWorkflow()
    const client = await connectLiveClient({ baseUrl: host.baseUrl, workflowId: id, token: owner.token, origin: host.baseUrl })
    clients.push(client)
    expect(client.provider.authorizedScope).toBe('read-write')
  })
})

describe('a live document', () => {
  it('is seeded once from the latest version, however many open it at once', async () => {
    const id = await newWorkflow()
    const opened = await Promise.all([connect(owner, id), connect(owner, id), connect(runner, id)])
    const expected = readLiveDocument(seeded(exampleWorkflowDocument()))
    for (const client of opened) expect(readLiveDocument(client.doc)).toEqual(expected)
    const [row] = await app.db.sql.query<{ seededFromVersion: number }>('SELECT "seededFromVersion" FROM "WorkflowLiveDocument" WHERE "workflowId" = $1', [id])
    expect(row.seededFromVersion).toBe(1)
    // One seed: every client sees each node once, with one Yjs client's writes.
    expect(liveNodes(opened[0].doc).size).toBe(3)
  })

  it('lets a runner follow read-only: their change is neither applied nor stored', async () => {
    const id = await newWorkflow()
    const editor = await connect(owner, id)
    const follower = await connect(runner, id)
    expect(follower.provider.authorizedScope).toBe('readonly')
    const before = await storedUpdates(id)
    liveNodes(follower.doc).get('researcher')!.set('x', 999)
    await waitFor(async () => (follower.refusals() > 0 ? true : undefined))
    liveNodes(editor.doc).get('output')!.set('x', 700)
    await editor.acknowledged()
    const served = host.collab.hocuspocus.documents.get(id)!
    expect(liveNodes(served).get('researcher')!.get('x')).toBe(320)
    expect(liveNodes(editor.doc).get('researcher')!.get('x')).toBe(320)
    expect(await storedUpdates(id)).toBe(before + 1)
  })

  it('stores an editor’s change before acknowledging it', async () => {
    const id = await newWorkflow()
    const editor = await connect(owner, id)
    ;(liveNodes(editor.doc).get('researcher')!.get('data') as Y.Map<unknown>).set('name', 'Scout')
    await editor.acknowledged()
    const stored = await host.collab.store.read(id)
    expect(readLiveDocument(stored!.doc).nodes.find((node) => node.id === 'researcher')!.data).toMatchObject({ name: 'Scout' })
  })

  it('converges: ten people editing at once through the server end with one document, which validates', async () => {
    const id = await newWorkflow()
    const people = await Promise.all(Array.from({ length: 10 }, () => connect(owner, id)))
    await Promise.all(people.map((person, index) => randomEdits(person.doc, index, 30)))
    await Promise.all(people.map((person) => person.acknowledged()))
    const served = host.collab.hocuspocus.documents.get(id)!
    const target = Y.encodeStateVector(served)
    await Promise.all(people.map((person) => person.until((doc) => sameVector(Y.encodeStateVector(doc), target))))
    const expected = readLiveDocument(served)
    for (const person of people) expect(readLiveDocument(person.doc)).toEqual(expected)
    expect(validate(expected).ok).toBe(true)
    // What was stored is the same document (compaction ran: more than 40 updates).
    expect(readLiveDocument((await host.collab.store.read(id))!.doc)).toEqual(expected)
  })
})

describe('access while connected', () => {
  it('makes a demoted editor read-only at once, and disconnects a removed member', async () => {
    const id = await newWorkflow()
    const colleague = await app.addUser()
    const membership = { workspaceId_userId: { workspaceId: owner.personalWorkspaceId, userId: colleague.id } }
    await app.db.prisma.workspaceMember.create({ data: { workspaceId: owner.personalWorkspaceId, userId: colleague.id, role: 'editor' } })
    const editor = await connect(owner, id)
    const them = await connect(colleague, id)
    expect(them.provider.authorizedScope).toBe('read-write')

    await app.db.prisma.workspaceMember.update({ where: membership, data: { role: 'viewer' } })
    await waitFor(async () => (them.stateless.length > 0 ? true : undefined))
    expect(them.stateless).toEqual([{ type: 'access', access: 'follow' }])
    const before = await storedUpdates(id)
    liveNodes(them.doc).get('researcher')!.set('x', 1234)
    await waitFor(async () => (them.refusals() > 0 ? true : undefined))
    liveNodes(editor.doc).get('output')!.set('x', 701)
    await editor.acknowledged()
    expect(liveNodes(host.collab.hocuspocus.documents.get(id)!).get('researcher')!.get('x')).toBe(320)
    expect(await storedUpdates(id)).toBe(before + 1)

    await app.db.prisma.workspaceMember.delete({ where: membership })
    await waitFor(async () => (them.closes.includes(4403) ? true : undefined))
    expect(editor.closes).toEqual([])
  })

  it('re-checks without ever holding more than its share of the pool, however many edit', async () => {
    const id = await newWorkflow()
    const people = await Promise.all(Array.from({ length: 20 }, () => connect(owner, id)))
    const checksBefore = host.collab.access.checks
    // Every connection's verdict is due for a re-check: each message would start one, were they not single-flight and limited.
    for (const person of people) for (let step = 0; step < 5; step++) liveNodes(person.doc).get('output')!.set('y', step)
    await host.collab.access.recheckEverything()
    await Promise.all(people.map((person) => person.acknowledged()))
    expect(host.collab.access.peakConcurrency).toBeLessThanOrEqual(2)
    expect(host.collab.access.checks - checksBefore).toBeGreaterThanOrEqual(20)
  })
})

function seeded(graph: ReturnType<typeof exampleWorkflowDocument>): Y.Doc {
  const doc = new Y.Doc()
  seedLiveDocument(doc, graph)
  return doc
}

function sameVector(a: Uint8Array, b: Uint8Array): boolean {
  const decode = (vector: Uint8Array) => Y.decodeStateVector(vector)
  const left = decode(a)
  const right = decode(b)
  for (const [client, clock] of right) if ((left.get(client) ?? 0) < clock) return false
  return true
}

/**
 * `count` random edits by person `index`, one Yjs transaction each, yielding between them so that
 * everyone's edits interleave: add a node (their own), move any node, change a field of any agent,
 * connect two of their own nodes (earlier → later, so no loop), delete one of their own nodes with
 * its edges. Nobody deletes what others may connect to, so the merged document stays valid.
 */
async function randomEdits(doc: Y.Doc, index: number, count: number): Promise<void> {
  const random = seededRandom(index + 1)
  const mine: string[] = []
  for (let step = 0; step < count; step++) {
    const before = readLiveDocument(doc)
    const after = structuredClone(before)
    const roll = random()
    const agents = after.nodes.filter((node) => node.kind === 'agent')
    if (roll < 0.3 || mine.length < 2) {
      const id = `p${index}-n${step}`
      const template = exampleWorkflowDocument().nodes.find((node) => node.kind === 'agent')!
      after.nodes.push({ ...template, id, position: { x: Math.round(random() * 1000), y: Math.round(random() * 1000) } })
      after.edges.push({ id: `researcher->${id}`, source: 'researcher', target: id })
      mine.push(id)
    } else if (roll < 0.5) {
      const node = after.nodes[Math.floor(random() * after.nodes.length)]
      node.position = { x: Math.round(random() * 1000), y: Math.round(random() * 1000) }
    } else if (roll < 0.7 && agents.length > 0) {
      const node = agents[Math.floor(random() * agents.length)]
      node.data = { ...(node.data as object), name: `Agent ${index}.${step}` } as typeof node.data
    } else if (roll < 0.85) {
      const present = mine.filter((id) => after.nodes.some((node) => node.id === id))
      const [a, b] = [Math.floor(random() * present.length), Math.floor(random() * present.length)].sort((x, y) => x - y)
      const edgeId = `${present[a]}->${present[b]}`
      if (a !== b && !after.edges.some((edge) => edge.id === edgeId)) after.edges.push({ id: edgeId, source: present[a], target: present[b] })
    } else {
      const present = mine.filter((id) => after.nodes.some((node) => node.id === id))
      const gone = present[Math.floor(random() * present.length)]
      after.nodes = after.nodes.filter((node) => node.id !== gone)
      after.edges = after.edges.filter((edge) => edge.source !== gone && edge.target !== gone)
    }
    writeGraphChange(doc, before, after)
    await new Promise((resolve) => setImmediate(resolve))
  }
}

function seededRandom(seed: number): () => number {
  let state = seed * 2654435761
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state / 2147483648
  }
}
