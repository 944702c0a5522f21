/**
 * Two people saving the same workflow from the same version: the later save names a version that is no longer the
 * newest and is refused (409 `stale_version` with the newer version), nothing is lost, and a save on top of the newer
 * version goes through. The base travels in the body (`baseVersion`) or as `If-Match` with the ETag GET answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staleVersionDetailsSchema } from '@/lib/contracts/save-base'
import { createdWorkflowResponseSchema, versionListResponseSchema, versionResponseSchema } from '@/lib/contracts/workflows'
import { exampleWorkflowDocument, starterDocument, type GraphDocument } from '@/lib/graph'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as restoreRoute from './[id]/versions/[version]/restore/route'
import * as versionRoute from './[id]/versions/[version]/route'
import * as versionsRoute from './[id]/versions/route'
import * as workflowRoute from './[id]/route'
import * as workflowsRoute from './route'

/** The starter graph with its start node renamed: a change someone could make. */
function renamedStart(label: string): GraphDocument {
  const document = starterDocument()
  return { ...document, nodes: document.nodes.map((node, i) => (i === 0 ? { ...node, data: { ...node.data, label } } : node)) } as GraphDocument
}

describe('saving a workflow version from an older version', () => {
  let app: TestApp
  let owner: TestUser
  let params: { id: string }

  beforeAll(async () => {
    app = await createTestApp()
    owner = await app.addUser('member')
    const created = await callRoute(workflowsRoute.POST, { body: { name: 'Shared', graph: starterDocument() }, as: owner })
    params = { id: createdWorkflowResponseSchema.parse(created.body).workflow.id }
  })
  afterAll(async () => app?.close())

  const versions = async () => versionListResponseSchema.parse((await callRoute(versionsRoute.GET, { params, as: owner })).body).versions.map((v) => v.version)
  const graphOf = async (version: number) =>
    versionResponseSchema.parse((await callRoute(versionRoute.GET, { params: { ...params, version: String(version) }, as: owner })).body).version.graph

  it('refuses the second of two saves from the same version with the newer version, and keeps both contents', async () => {
    // Two editors (two API sessions of the same account) opened version 1.
    const first = await callRoute(versionsRoute.POST, { params, body: { graph: exampleWorkflowDocument(), baseVersion: 1, note: 'first' }, as: owner })
    expect(first.status).toBe(201)
    expect(first.headers.get('etag')).toBe('"2"')

    const second = await callRoute(versionsRoute.POST, { params, body: { graph: renamedStart('Second editor'), baseVersion: 1, note: 'second' }, as: owner })
    expect(second.status).toBe(409)
    expect(second.body.error).toMatchObject({ code: 'stale_version', message: expect.stringContaining('version 2') })
    const { current } = staleVersionDetailsSchema.parse(second.body.error.details)
    expect(current).toMatchObject({ version: 2, etag: '"2"', savedBy: { id: owner.id } })
    expect(Number.isNaN(Date.parse(current.savedAt))).toBe(false)
    expect(await versions()).toEqual([2, 1])
    expect(await graphOf(2)).toEqual(exampleWorkflowDocument())

    // "Keep mine": the second editor saves on top of the newer version; both contents stay in the history.
    const kept = await callRoute(versionsRoute.POST, { params, body: { graph: renamedStart('Second editor'), baseVersion: current.version }, as: owner })
    expect(kept.status).toBe(201)
    expect(versionResponseSchema.parse(kept.body).version.version).toBe(3)
    expect(await versions()).toEqual([3, 2, 1])
    expect(await graphOf(2)).toEqual(exampleWorkflowDocument())
    expect(await graphOf(3)).toEqual(renamedStart('Second editor'))
  })

  it('takes the base as If-Match with the ETag GET answered', async () => {
    const read = await callRoute(workflowRoute.GET, { params, as: owner })
    const etag = read.headers.get('etag')
    expect(etag).toBe('"3"')
    const saved = await callRoute(versionsRoute.POST, { params, body: { graph: starterDocument() }, headers: { 'if-match': etag! }, as: owner })
    expect(saved.status).toBe(201)
    const stale = await callRoute(versionsRoute.POST, { params, body: { graph: starterDocument() }, headers: { 'if-match': etag! }, as: owner })
    expect(stale.status).toBe(409)
    expect(stale.body.error.details.current).toMatchObject({ version: 4, etag: '"4"' })
    expect(await versions()).toEqual([4, 3, 2, 1])
  })

  it('requires a base (428), refuses a malformed If-Match or one that contradicts the body (400), and stores nothing', async () => {
    const none = await callRoute(versionsRoute.POST, { params, body: { graph: starterDocument() }, as: owner })
    expect(none.status).toBe(428)
    expect(none.body.error.code).toBe('base_version_required')
    const malformed = await callRoute(versionsRoute.POST, { params, body: { graph: starterDocument() }, headers: { 'if-match': '*' }, as: owner })
    expect({ status: malformed.status, code: malformed.body.error.code }).toEqual({ status: 400, code: 'invalid_if_match' })
    const both = await callRoute(versionsRoute.POST, { params, body: { graph: starterDocument(), baseVersion: 4 }, headers: { 'if-match': '"3"' }, as: owner })
    expect({ status: both.status, code: both.body.error.code }).toEqual({ status: 400, code: 'base_version_mismatch' })
    const negative = await callRoute(versionsRoute.POST, { params, body: { graph: starterDocument(), baseVersion: -1 }, as: owner })
    expect(negative.status).toBe(400)
    const ahead = await callRoute(versionsRoute.POST, { params, body: { graph: starterDocument(), baseVersion: 9 }, as: owner })
    expect(ahead.status).toBe(409)
    expect(await versions()).toEqual([4, 3, 2, 1])
  })

  it('restores with a base only while it is the newest; without one, on top of the newest', async () => {
    const stale = await callRoute(restoreRoute.POST, { params: { ...params, version: '1' }, body: { baseVersion: 3 }, as: owner })
    expect(stale.status).toBe(409)
    expect(stale.body.error.details.current.version).toBe(4)
    const restored = await callRoute(restoreRoute.POST, { params: { ...params, version: '2' }, body: { baseVersion: 4 }, as: owner })
    expect(versionResponseSchema.parse(restored.body).version).toMatchObject({ version: 5, graph: exampleWorkflowDocument() })
    const unnamed = await callRoute(restoreRoute.POST, { params: { ...params, version: '1' }, body: {}, as: owner })
    expect(versionResponseSchema.parse(unnamed.body).version.version).toBe(6)
  })

  it('lets exactly one of several saves racing from the same version through', async () => {
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((label) => callRoute(versionsRoute.POST, { params, body: { graph: renamedStart(label), baseVersion: 6 }, as: owner })),
    )
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409, 409])
    for (const refused of results.filter((result) => result.status === 409)) {
      expect(refused.body.error).toMatchObject({ code: 'stale_version', details: { current: { version: 7 } } })
    }
    expect((await versions())[0]).toBe(7)
  })
})
