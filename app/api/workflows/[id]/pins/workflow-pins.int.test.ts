/**
 * A workflow's pinned outputs through the route handlers, against Postgres: an editor pins, re-pins (naming the pin it
 * replaces: 409 when it changed meanwhile) and unpins; a viewer reads; a runner may not change them (403); a
 * non-member gets the 404 of a missing workflow; bad bodies (not JSON, no value, a value too long) are 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_PIN_CHARS } from '@/lib/contracts/workflow-pins'
import { starterDocument } from '@/lib/graph'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import { WorkflowService } from '@/lib/server/workflows/workflow-service'
import { WorkspaceService } from '@/lib/server/workspaces/workspace-service'
import { DELETE as unpin, PUT as pin } from './[nodeId]/route'
import { GET as listPins } from './route'

describe('workflow pins', () => {
  let app: TestApp
  let editor: TestUser
  let runner: TestUser
  let viewer: TestUser
  let stranger: TestUser
  let workflowId: string

  const put = (nodeId: string, body: unknown, as: TestUser = editor) => callRoute(pin, { method: 'PUT', params: { id: workflowId, nodeId }, body, as })
  const list = async (as: TestUser = viewer) => callRoute(listPins, { params: { id: workflowId }, as })

  beforeAll(async () => {
    app = await createTestApp()
    const owner = await app.addUser('member')
    ;[editor, runner, viewer, stranger] = await Promise.all([app.addUser('member'), app.addUser('member'), app.addUser('member'), app.addUser('member')])
    const workspaces = new WorkspaceService(app)
    const team = await workspaces.create((await app.apiTokens.authenticate(owner.token))!, 'pinning team')
    const asOwner = (await app.apiTokens.authenticate(owner.token))!
    for (const [user, role] of [
      [editor, 'editor'],
      [runner, 'runner'],
      [viewer, 'viewer'],
    ] as const)
      await workspaces.addMember(asOwner, team.id, { email: user.email, role, approver: false })
    const created = await new WorkflowService(app.db.prisma).create((await app.apiTokens.authenticate(owner.token))!, {
      name: 'pinned',
      graph: starterDocument(),
      workspaceId: team.id,
    })
    workflowId = created.workflow.id
  })
  afterAll(async () => {
    await app?.close()
  })

  it('pins, re-pins naming the pin it replaces, and unpins; viewers read', async () => {
    const first = await put('agent', { value: { reply: 'PINNED' }, basedOn: null })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body.pin).toMatchObject({ nodeId: 'agent', value: { reply: 'PINNED' }, pinnedFromRunId: null, pinnedBy: { name: expect.any(String) } })

    const listed = await list()
    expect(listed.status).toBe(200)
    expect(listed.body.pins).toEqual([first.body.pin])

    // A second pin of a node that has one must name it: null (written before the first was seen) is stale.
    const stale = await put('agent', { value: 'other', basedOn: null })
    expect(stale.status).toBe(409)
    expect(stale.body.error).toMatchObject({ code: 'stale_version', details: { current: first.body.pin.updatedAt } })
    const replaced = await put('agent', { value: 'other', basedOn: first.body.pin.updatedAt, pinnedFromRunId: 'run-1' })
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200)
    expect(replaced.body.pin).toMatchObject({ value: 'other', pinnedFromRunId: 'run-1' })
    // The first pin's time no longer matches.
    expect((await put('agent', { value: 'again', basedOn: first.body.pin.updatedAt })).status).toBe(409)

    const removed = await callRoute(unpin, { method: 'DELETE', params: { id: workflowId, nodeId: 'agent' }, as: editor })
    expect(removed.status).toBe(204)
    expect((await list()).body.pins).toEqual([])
    expect((await callRoute(unpin, { method: 'DELETE', params: { id: workflowId, nodeId: 'agent' }, as: editor })).status).toBe(404)
  })

  it('refuses runners (403) and non-members (404) a change, and non-members a read', async () => {
    const byRunner = await put('agent', { value: 'x', basedOn: null }, runner)
    expect(byRunner.status).toBe(403)
    expect(byRunner.body.error.code).toBe('forbidden')
    expect((await put('agent', { value: 'x', basedOn: null }, viewer)).status).toBe(403)
    expect((await callRoute(unpin, { method: 'DELETE', params: { id: workflowId, nodeId: 'agent' }, as: runner })).status).toBe(403)
    expect((await list(runner)).status).toBe(200)
    const byStranger = await put('agent', { value: 'x', basedOn: null }, stranger)
    expect(byStranger.status).toBe(404)
    expect(byStranger.body.error.code).toBe('not_found')
    expect((await list(stranger)).status).toBe(404)
    expect((await callRoute(listPins, { params: { id: workflowId }, as: null })).status).toBe(401)
  })

  it('answers bad bodies with 400 JSON', async () => {
    for (const body of [
      { basedOn: null },
      { value: 'x' },
      { value: 'x', basedOn: 'yesterday' },
      { value: 'a\u0000b', basedOn: null },
      { value: 'x'.repeat(MAX_PIN_CHARS), basedOn: null },
    ]) {
      const refused = await put('agent', body)
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      // invalid_text: a NUL Postgres cannot store.
      expect(refused.body.error.code).toMatch(/^invalid_(request|text)$/)
    }
    const notJson = await callRoute(pin, { method: 'PUT', params: { id: workflowId, nodeId: 'agent' }, rawBody: '{"value": ', as: editor })
    expect(notJson.status).toBe(400)
    expect(notJson.body.error.code).toMatch(/^invalid_/)
    expect((await list()).body.pins).toEqual([])
  })
})
