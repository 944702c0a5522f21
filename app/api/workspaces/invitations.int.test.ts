/**
 * Workspace invitation links as the workspace pages use them: an owner makes one, sees it pending, the invited person
 * reads what it offers (without using it up) and accepts it at the page the link names; an owner revokes another, which
 * then is the 404 of an invalid link. The approvals list filters by workspace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as approvalsRoute from '../approvals/route'
import * as acceptRoute from '../workspace-invitations/[token]/route'
import * as invitationsRoute from './[id]/invitations/route'
import * as invitationRoute from './[id]/invitations/[invitationId]/route'
import * as workspacesRoute from './route'

describe('workspace invitation links', () => {
  let app: TestApp
  let owner: TestUser
  let invited: TestUser
  let workspaceId: string
  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    owner = await app.addUser('member')
    invited = await app.addUser('member')
    const created = await callRoute(workspacesRoute.POST, { body: { name: 'Team' }, as: owner })
    workspaceId = created.body.workspace.id
  })
  afterAll(async () => app?.close())

  const invite = async (role: string, approver = false) => {
    const made = await callRoute(invitationsRoute.POST, { params: { id: workspaceId }, body: { role, approver }, as: owner })
    expect(made.status).toBe(201)
    return made.body as { id: string; token: string; url: string }
  }
  const pending = async (as: TestUser = owner) => callRoute(invitationsRoute.GET, { params: { id: workspaceId }, as })

  it('names the acceptance page, is listed while pending, is read without being used up, and joins once', async () => {
    const link = await invite('runner', true)
    expect(link.url).toMatch(new RegExp(`/workspace-invitations/${link.token}$`))
    const listed = await pending()
    expect(listed.status).toBe(200)
    expect(listed.body.invitations).toContainEqual(expect.objectContaining({ id: link.id, role: 'runner', approver: true, createdBy: expect.any(String) }))

    for (let read = 0; read < 2; read++) {
      const preview = await callRoute(acceptRoute.GET, { params: { token: link.token }, as: invited })
      expect(preview).toMatchObject({
        status: 200,
        body: { invitation: { workspace: { id: workspaceId, name: 'Team' }, role: 'runner', approver: true, member: false } },
      })
    }
    const accepted = await callRoute(acceptRoute.POST, { params: { token: link.token }, as: invited })
    expect(accepted).toMatchObject({ status: 200, body: { workspace: { id: workspaceId, role: 'runner', approver: true } } })
    expect((await pending()).body.invitations.map((row: { id: string }) => row.id)).not.toContain(link.id)
    expect(await callRoute(acceptRoute.GET, { params: { token: link.token }, as: invited })).toMatchObject({ status: 404 })
  })

  it('is revoked by an owner: gone from the list, then an invalid link; a second revoke is a 404', async () => {
    const link = await invite('viewer')
    const revoked = await callRoute(invitationRoute.DELETE, { method: 'DELETE', params: { id: workspaceId, invitationId: link.id }, as: owner })
    expect(revoked).toMatchObject({ status: 200, body: { revoked: link.id } })
    expect((await pending()).body.invitations.map((row: { id: string }) => row.id)).not.toContain(link.id)
    const stranger = await app.addUser('member')
    expect(await callRoute(acceptRoute.POST, { params: { token: link.token }, as: stranger })).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    })
    expect(await callRoute(invitationRoute.DELETE, { method: 'DELETE', params: { id: workspaceId, invitationId: link.id }, as: owner })).toMatchObject({
      status: 404,
    })
  })

  it('is listed and revoked by owners only (403 naming the role for a member, 404 for a non-member)', async () => {
    const link = await invite('viewer')
    expect(await pending(invited)).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    expect((await pending(invited)).body.error.message).toContain('owner')
    const stranger = await app.addUser('member')
    expect(await pending(stranger)).toMatchObject({ status: 404 })
    expect(await callRoute(invitationRoute.DELETE, { method: 'DELETE', params: { id: workspaceId, invitationId: link.id }, as: invited })).toMatchObject({
      status: 403,
    })
    expect(await callRoute(invitationRoute.DELETE, { method: 'DELETE', params: { id: workspaceId, invitationId: 'nope' }, as: owner })).toMatchObject({
      status: 400,
    })
  })

  it('the approvals list takes ?workspaceId= (an unknown one lists nothing; a malformed one is a 400)', async () => {
    const listed = await callRoute(approvalsRoute.GET, { url: `http://localhost/api/approvals?workspaceId=${workspaceId}`, as: owner })
    expect(listed).toMatchObject({ status: 200, body: { approvals: [] } })
    expect(await callRoute(approvalsRoute.GET, { url: 'http://localhost/api/approvals?workspaceId=nope', as: owner })).toMatchObject({ status: 400 })
  })
})
