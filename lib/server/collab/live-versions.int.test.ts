import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { POST as saveLive } from '@/app/api/workflows/[id]/live/versions/route'
import { GET as listVersions, POST as saveVersion } from '@/app/api/workflows/[id]/versions/route'
import { exampleWorkflowDocument } from '@/lib/graph'
import { liveNodes, readLiveDocument } from '@/lib/graph/live-document'
import { callRoute, createTestApp, principalOf, type TestApp, type TestUser } from '../testing/test-app'
import { WorkflowService } from '../workflows/workflow-service'
import { connectLiveClient, type LiveClient } from './testing/live-client'
import { startLiveHost, type LiveHost } from './testing/live-host'

let app: TestApp
let host: LiveHost
let owner: TestUser
let runner: TestUser
const clients: LiveClient[] = []

async function newWorkflow(): Promise<string> {
  const { workflow } = await new WorkflowService(app.db.prisma).create(principalOf(owner), { name: 'Live', graph: exampleWorkflowDocument() })
  return workflow.id
}

async function connect(workflowId: string): Promise<LiveClient> {
  const client = await connectLiveClient({ baseUrl: host.baseUrl, workflowId, token: owner.token })
  clients.push(client)
  return client
}

function rename(client: LiveClient, name: string): void {
  ;(liveNodes(client.doc).get('researcher')!.get('data') as Y.Map<unknown>).set('name', name)
}

function researcherName(graph: { nodes: { id: string; data: unknown }[] }): unknown {
  return (graph.nodes.find((node) => node.id === 'researcher')!.data as { name: string }).name
}

beforeAll(async () => {
  app = await createTestApp({ seed: false })
  owner = await app.addUser()
  runner = await app.addUser()
  await app.db.prisma.workspaceMember.create({ data: { workspaceId: owner.personalWorkspaceId, userId: runner.id, role: 'runner' } })
  host = await startLiveHost(app)
})

afterAll(async () => {
  for (const client of clients) client.destroy()
  await host?.close()
  await app?.close()
})

describe('POST /api/workflows/:id/live/versions', () => {
  it('saves what everyone sees as the newest version, and the history says who saved it', async () => {
    const id = await newWorkflow()
    const editor = await connect(id)
    rename(editor, 'Scout')
    await editor.acknowledged()
    const saved = await callRoute(saveLive, { params: { id }, body: { note: 'together' }, as: owner })
    expect(saved.status).toBe(201)
    expect(saved.body.savedBy.id).toBe(owner.id)
    expect(saved.body.version).toMatchObject({ version: 2, note: 'together', author: { id: owner.id } })
    expect(researcherName(saved.body.version.graph)).toBe('Scout')
    expect(saved.headers.get('etag')).toBe('"2"')
    const history = await callRoute(listVersions, { params: { id }, as: owner })
    expect(history.body.versions[0]).toMatchObject({ version: 2, author: { id: owner.id, name: saved.body.savedBy.name } })
  })

  it('refuses a live document that does not validate, with its problems, and saves nothing', async () => {
    const id = await newWorkflow()
    const editor = await connect(id)
    liveNodes(editor.doc).delete('output')
    await editor.acknowledged()
    const refused = await callRoute(saveLive, { params: { id }, body: {}, as: owner })
    expect(refused.status).toBe(400)
    expect(refused.body.error.code).toBe('invalid_graph')
    expect(refused.body.error.details.problems).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'missing_output' })]))
    const history = await callRoute(listVersions, { params: { id }, as: owner })
    expect(history.body.versions).toHaveLength(1)
  })

  it('is for editors: a runner gets 403, a stranger 404', async () => {
    const id = await newWorkflow()
    expect((await callRoute(saveLive, { params: { id }, body: {}, as: runner })).status).toBe(403)
    const stranger = await app.addUser()
    expect((await callRoute(saveLive, { params: { id }, body: {}, as: stranger })).status).toBe(404)
  })
})

describe('a save from outside the live document', () => {
  it('keeps its 409 on a stale base, and is written into a live document that still shows its base', async () => {
    const id = await newWorkflow()
    const editor = await connect(id)
    const stale = await callRoute(saveVersion, { params: { id }, body: { graph: exampleWorkflowDocument(), baseVersion: 0 }, as: owner })
    expect(stale.status).toBe(409)
    const changed = exampleWorkflowDocument()
    changed.nodes.find((node) => node.id === 'researcher')!.position = { x: 500, y: 500 }
    const saved = await callRoute(saveVersion, { params: { id }, body: { graph: changed, baseVersion: 1 }, as: owner })
    expect(saved.status).toBe(201)
    await editor.until((doc) => liveNodes(doc).get('researcher')!.get('x') === 500)
    expect(readLiveDocument(editor.doc)).toEqual(readLiveDocument((await host.collab.store.read(id))!.doc))
  })

  it('leaves a live document alone once its people have changed it since the save’s base', async () => {
    const id = await newWorkflow()
    const editor = await connect(id)
    rename(editor, 'Ours')
    await editor.acknowledged()
    const changed = exampleWorkflowDocument()
    changed.nodes.find((node) => node.id === 'researcher')!.position = { x: 900, y: 900 }
    expect((await callRoute(saveVersion, { params: { id }, body: { graph: changed, baseVersion: 1 }, as: owner })).status).toBe(201)
    const stored = readLiveDocument((await host.collab.store.read(id))!.doc)
    expect(researcherName(stored)).toBe('Ours')
    expect(stored.nodes.find((node) => node.id === 'researcher')!.position).toEqual({ x: 320, y: 40 })
  })
})
