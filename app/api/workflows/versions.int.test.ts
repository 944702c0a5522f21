/**
 * A workflow's history through the API: notes saved with versions, the list with authors, restoring
 * an older version as the newest one, and the answers for bad input, other people and no sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createdWorkflowResponseSchema, versionListResponseSchema, versionResponseSchema } from '@/lib/contracts/workflows'
import { exampleWorkflowDocument, starterDocument } from '@/lib/graph'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as restoreRoute from './[id]/versions/[version]/restore/route'
import * as versionRoute from './[id]/versions/[version]/route'
import * as versionsRoute from './[id]/versions/route'
import * as workflowsRoute from './route'

describe('workflow versions', () => {
  let app: TestApp
  let member: TestUser
  let other: TestUser
  let params: { id: string }

  beforeAll(async () => {
    app = await createTestApp()
    member = await app.addUser('member')
    other = await app.addUser('member')
    const created = await callRoute(workflowsRoute.POST, { body: { name: 'History', graph: starterDocument() }, as: member })
    params = { id: createdWorkflowResponseSchema.parse(created.body).workflow.id }
  })
  afterAll(async () => app?.close())

  it('keeps a note with a saved version and lists versions newest first with author and note', async () => {
    const saved = await callRoute(versionsRoute.POST, {
      params,
      body: { graph: exampleWorkflowDocument(), note: '  Added the researcher  ', baseVersion: 1 },
      as: member,
    })
    expect(saved.status).toBe(201)
    const savedVersion = versionResponseSchema.parse(saved.body).version
    expect(savedVersion).toMatchObject({ version: 2, note: 'Added the researcher', author: { id: member.id, name: expect.stringMatching(/^user/) } })
    const name = savedVersion.author!.name

    const blank = await callRoute(versionsRoute.POST, { params, body: { graph: exampleWorkflowDocument(), note: '   ', baseVersion: 2 }, as: member })
    expect(versionResponseSchema.parse(blank.body).version.note).toBeNull()

    const list = versionListResponseSchema.parse((await callRoute(versionsRoute.GET, { params, as: member })).body)
    expect(list.versions.map((v) => [v.version, v.note, v.author?.name])).toEqual([
      [3, null, name],
      [2, 'Added the researcher', name],
      [1, null, name],
    ])
    // The list carries no graphs: one version is fetched for its graph.
    expect(list.versions[0]).not.toHaveProperty('graph')
    const one = versionResponseSchema.parse((await callRoute(versionRoute.GET, { params: { ...params, version: '2' }, as: member })).body)
    expect(one.version).toMatchObject({ version: 2, note: 'Added the researcher', graph: exampleWorkflowDocument() })
  })

  it('restores an older version as the newest one, keeping the history', async () => {
    const restored = await callRoute(restoreRoute.POST, { params: { ...params, version: '1' }, body: {}, as: member })
    expect(restored.status).toBe(201)
    const version = versionResponseSchema.parse(restored.body).version
    expect(version).toMatchObject({ version: 4, note: 'Restored from v1', author: { id: member.id }, graph: starterDocument() })

    const withNote = await callRoute(restoreRoute.POST, { params: { ...params, version: '2' }, body: { note: 'Back to the researcher' }, as: member })
    expect(versionResponseSchema.parse(withNote.body).version).toMatchObject({ version: 5, note: 'Back to the researcher', graph: exampleWorkflowDocument() })

    const list = versionListResponseSchema.parse((await callRoute(versionsRoute.GET, { params, as: member })).body)
    expect(list.versions.map((v) => v.version)).toEqual([5, 4, 3, 2, 1])
  })

  it('answers bad input with 400, a missing version with 404', async () => {
    const longNote = await callRoute(versionsRoute.POST, { params, body: { graph: starterDocument(), note: 'x'.repeat(501) }, as: member })
    expect(longNote.status).toBe(400)
    expect(longNote.body.error).toMatchObject({ code: 'invalid_request' })
    expect(JSON.stringify(longNote.body.error)).toContain('A note can be at most 500 characters.')

    const badVersion = await callRoute(restoreRoute.POST, { params: { ...params, version: 'latest' }, body: {}, as: member })
    expect(badVersion.status).toBe(400)
    const badBody = await callRoute(restoreRoute.POST, { params: { ...params, version: '1' }, body: { note: 42 }, as: member })
    expect(badBody.status).toBe(400)
    const missing = await callRoute(restoreRoute.POST, { params: { ...params, version: '99' }, body: {}, as: member })
    expect(missing.status).toBe(404)
    expect(missing.body.error.code).toBe('not_found')
  })

  it('gives another member the same 404 as a missing workflow, and asks for sign-in', async () => {
    const foreign = await callRoute(restoreRoute.POST, { params: { ...params, version: '1' }, body: {}, as: other })
    const unknown = await callRoute(restoreRoute.POST, { params: { id: '00000000-0000-4000-8000-000000000000', version: '1' }, body: {}, as: other })
    expect(foreign.status).toBe(404)
    expect(unknown.status).toBe(404)
    expect(foreign.body.error.code).toBe(unknown.body.error.code)
    expect((await callRoute(versionsRoute.GET, { params, as: other })).status).toBe(404)
    expect((await callRoute(restoreRoute.POST, { params: { ...params, version: '1' }, body: {}, as: null })).status).toBe(401)
    // Nothing was added by the refused calls.
    const list = versionListResponseSchema.parse((await callRoute(versionsRoute.GET, { params, as: member })).body)
    expect(list.versions).toHaveLength(5)
  })
})
