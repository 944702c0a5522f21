/**
 * The accounts API as the browser and scripts use it: first-admin setup, invitations, password
 * resets, the signed-in person's profile, password and API tokens, and user management by admins.
 * Route handlers are called as Next calls them, on a real test database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerOf } from '@/lib/server/testing/http-answer'
import { prepareFirstAdmin } from '@/lib/server/auth/users'
import { UserAdminService } from '@/lib/server/auth/user-admin'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as auditLogRoute from './admin/audit-log/route'
import * as invitationsRoute from './admin/invitations/route'
import * as passwordResetIssueRoute from './admin/users/[id]/password-reset/route'
import * as userRoute from './admin/users/[id]/route'
import * as usersRoute from './admin/users/route'
import * as invitationRoute from './invitations/[token]/route'
import * as passwordRoute from './me/password/route'
import * as meRoute from './me/route'
import * as tokenRoute from './me/tokens/[id]/route'
import * as tokensRoute from './me/tokens/route'
import * as passwordResetRoute from './password-resets/[token]/route'
import * as setupRoute from './setup/route'

/** The Cookie header a browser would send back after a response that set these cookies. */
function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

async function signIn(app: TestApp, email: string, password: string): Promise<{ ok: boolean; cookie: string }> {
  const response = await app.auth.api.signInEmail({ body: { email, password }, asResponse: true })
  return { ok: response.ok, cookie: cookieFrom(response.headers) }
}

const me = (cookieOrUser: string | TestUser) =>
  typeof cookieOrUser === 'string' ? callRoute(meRoute.GET, { as: null, headers: { cookie: cookieOrUser } }) : callRoute(meRoute.GET, { as: cookieOrUser })

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? ''
}

describe('accounts API', () => {
  let app: TestApp
  let member: TestUser
  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    member = await app.addUser('member')
  })
  afterAll(async () => app?.close())

  describe('the signed-in person', () => {
    it('tells who is asking, and refuses callers without credentials', async () => {
      expect(await me(app.admin)).toMatchObject({ status: 200, body: { id: app.admin.id, email: app.admin.email, role: 'admin', via: 'token' } })
      expect((await callRoute(meRoute.GET, { as: null })).status).toBe(401)
      const { cookie } = await signIn(app, member.email, member.password)
      expect(await me(cookie)).toMatchObject({ status: 200, body: { id: member.id, role: 'member', via: 'session' } })
    })

    it("signs in through Better Auth's own endpoint, as the sign-in page does", async () => {
      // (Better Auth skips its origin check under test; e2e/accounts.spec.ts signs in from a real browser.)
      const response = await app.auth.handler(
        new Request('http://localhost:3100/api/auth/sign-in/email', {
          method: 'POST',
          headers: { origin: 'http://127.0.0.1:3100', host: '127.0.0.1:3100', 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
          body: JSON.stringify({ email: member.email, password: member.password }),
        }),
      )
      expect(response.status, await response.clone().text()).toBe(200)
      expect(await me(cookieFrom(response.headers))).toMatchObject({ status: 200, body: { id: member.id } })
    })

    it('creates an API token shown once, lists it without the token, and stops it when revoked', async () => {
      const created = await callRoute(tokensRoute.POST, { as: member, body: { name: 'laptop script' } })
      expect(created.status).toBe(201)
      expect(created.body.token).toMatch(/^al_/)
      const fresh: TestUser = { ...member, token: created.body.token }
      expect((await me(fresh)).body.id).toBe(member.id)

      const listed = await callRoute(tokensRoute.GET, { as: member })
      const entry = listed.body.tokens.find((token: { id: string }) => token.id === created.body.apiToken.id)
      expect(entry).toMatchObject({ name: 'laptop script', prefix: created.body.token.slice(0, 8) })
      expect(entry.lastUsedAt).not.toBeNull()
      expect(JSON.stringify(listed.body)).not.toContain(created.body.token)

      // Someone else's token is not found, not forbidden.
      expect((await callRoute(tokenRoute.DELETE, { as: app.admin, params: { id: entry.id } })).status).toBe(404)
      expect((await callRoute(tokenRoute.DELETE, { as: member, params: { id: entry.id } })).status).toBe(204)
      expect((await me(fresh)).status).toBe(401)
      expect((await callRoute(tokenRoute.DELETE, { as: member, params: { id: entry.id } })).status).toBe(404)
    })

    it('refuses a token without a name', async () => {
      const { status, body } = await callRoute(tokensRoute.POST, { as: member, body: { name: '  ' } })
      expect(status).toBe(400)
      expect(body.error.code).toBe('invalid_request')
    })

    it('changes the password only with the current one', async () => {
      const wrong = await callRoute(passwordRoute.POST, { as: member, body: { currentPassword: 'not-it-at-all', newPassword: 'a-new-password-1' } })
      expect(wrong).toMatchObject({ status: 400, body: { error: { code: 'wrong_password' } } })
      expect((await callRoute(passwordRoute.POST, { as: member, body: { currentPassword: member.password, newPassword: 'short' } })).status).toBe(400)
      const changed = await callRoute(passwordRoute.POST, { as: member, body: { currentPassword: member.password, newPassword: 'a-new-password-1' } })
      expect(changed.status).toBe(200)
      expect((await signIn(app, member.email, member.password)).ok).toBe(false)
      expect((await signIn(app, member.email, 'a-new-password-1')).ok).toBe(true)
      member.password = 'a-new-password-1'
    })
  })

  describe('invitations', () => {
    it('are for admins only: members get 404', async () => {
      expect((await callRoute(invitationsRoute.POST, { as: member, body: { email: 'x@example.test' } })).status).toBe(404)
      expect((await callRoute(usersRoute.GET, { as: member })).status).toBe(404)
    })

    it('make a link that opens once, creates the account and signs its person in', async () => {
      const invited = await callRoute(invitationsRoute.POST, { body: { email: ' New.Person@Example.test ', role: 'member' } })
      expect(invited.status).toBe(201)
      expect(invited.body.link).toMatch(/^http:\/\/localhost\/invite\?token=/)
      const token = tokenOf(invited.body.link)

      expect(await callRoute(invitationRoute.GET, { as: null, params: { token } })).toMatchObject({
        status: 200,
        body: { email: 'new.person@example.test', role: 'member' },
      })
      expect((await callRoute(invitationRoute.POST, { as: null, params: { token }, body: { name: 'New', password: 'x' } })).status).toBe(400)

      const accepted = await callRoute(invitationRoute.POST, { as: null, params: { token }, body: { name: 'New Person', password: 'new-person-pw' } })
      expect(accepted).toMatchObject({ status: 201, body: { user: { email: 'new.person@example.test', name: 'New Person', role: 'member' } } })
      expect(await me(cookieFrom(accepted.headers))).toMatchObject({ status: 200, body: { email: 'new.person@example.test' } })

      const again = await callRoute(invitationRoute.POST, { as: null, params: { token }, body: { name: 'Twice', password: 'another-password' } })
      expect(again.status).toBe(404)
      expect((await callRoute(invitationRoute.GET, { as: null, params: { token } })).status).toBe(404)
    })

    it('refuses an address that has an account, and unknown links', async () => {
      expect((await callRoute(invitationsRoute.POST, { body: { email: member.email } })).status).toBe(409)
      expect((await callRoute(invitationsRoute.POST, { body: { email: 'not-an-address' } })).status).toBe(400)
      expect((await callRoute(invitationRoute.GET, { as: null, params: { token: 'nope' } })).status).toBe(404)
    })
  })

  describe('user management', () => {
    it('lists users for admins', async () => {
      const { status, body } = await callRoute(usersRoute.GET)
      expect(status).toBe(200)
      expect(body.users.map((user: { email: string }) => user.email)).toEqual(expect.arrayContaining([app.admin.email, member.email]))
      expect(JSON.stringify(body)).not.toMatch(/password|token/i)
    })

    it('refuses demoting or disabling yourself, and validates the change', async () => {
      const demote = await callRoute(userRoute.PATCH, { method: 'PATCH', params: { id: app.admin.id }, body: { role: 'member' } })
      expect(demote.status).toBe(409)
      expect(demote.body.error.message).toMatch(/yourself/)
      expect((await callRoute(userRoute.PATCH, { method: 'PATCH', params: { id: app.admin.id }, body: { disabled: true } })).status).toBe(409)
      expect((await callRoute(userRoute.PATCH, { method: 'PATCH', params: { id: member.id }, body: {} })).status).toBe(400)
      expect((await callRoute(userRoute.PATCH, { method: 'PATCH', params: { id: member.id }, body: { role: 'owner' } })).status).toBe(400)
      expect((await callRoute(userRoute.PATCH, { method: 'PATCH', params: { id: 'no-such-user' }, body: { role: 'admin' } })).status).toBe(404)
      expect((await callRoute(userRoute.PATCH, { as: member, method: 'PATCH', params: { id: member.id }, body: { role: 'admin' } })).status).toBe(404)
    })

    it('never leaves the installation without an active admin', async () => {
      // Only reachable by racing admins: an admin principal acting on the one remaining admin.
      const other = {
        userId: 'someone-else',
        email: 'x@example.test',
        name: 'X',
        role: 'admin' as const,
        via: 'token' as const,
        personalWorkspaceId: null,
        memberships: [],
      }
      expect(await answerOf(new UserAdminService(app).update(other, app.admin.id, { role: 'member' }))).toMatchObject({ status: 409, code: 'last_admin' })
    })

    it('disables a user: their session and API token stop, sign-in is refused; enabling restores the token', async () => {
      const { cookie } = await signIn(app, member.email, member.password)
      expect((await me(cookie)).status).toBe(200)
      const disabled = await callRoute(userRoute.PATCH, { method: 'PATCH', params: { id: member.id }, body: { disabled: true } })
      expect(disabled).toMatchObject({ status: 200, body: { user: { id: member.id, disabled: true } } })
      expect((await me(cookie)).status).toBe(401)
      expect((await me(member)).status).toBe(401)
      expect((await signIn(app, member.email, member.password)).ok).toBe(false)

      await callRoute(userRoute.PATCH, { method: 'PATCH', params: { id: member.id }, body: { disabled: false } })
      expect((await me(member)).status).toBe(200)
      expect((await signIn(app, member.email, member.password)).ok).toBe(true)
    })

    it('changes roles: a promoted member sees the admin API, and may then be demoted again', async () => {
      expect((await callRoute(userRoute.PATCH, { method: 'PATCH', params: { id: member.id }, body: { role: 'admin' } })).body.user.role).toBe('admin')
      expect((await callRoute(usersRoute.GET, { as: member })).status).toBe(200)
      expect((await callRoute(userRoute.PATCH, { method: 'PATCH', params: { id: member.id }, body: { role: 'member' } })).body.user.role).toBe('member')
      expect((await callRoute(usersRoute.GET, { as: member })).status).toBe(404)
    })

    it('hands out a password reset link that works once and signs the person out', async () => {
      const { cookie } = await signIn(app, member.email, member.password)
      expect((await callRoute(passwordResetIssueRoute.POST, { as: member, params: { id: member.id } })).status).toBe(404)
      const issued = await callRoute(passwordResetIssueRoute.POST, { params: { id: member.id } })
      expect(issued.status).toBe(201)
      expect(issued.body.link).toMatch(/\/reset-password\?token=/)
      const token = tokenOf(issued.body.link)

      expect((await callRoute(passwordResetRoute.POST, { as: null, params: { token }, body: { password: 'short' } })).status).toBe(400)
      expect((await callRoute(passwordResetRoute.POST, { as: null, params: { token }, body: { password: 'reset-password-1' } })).status).toBe(200)
      expect((await me(cookie)).status).toBe(401)
      expect((await signIn(app, member.email, 'reset-password-1')).ok).toBe(true)
      expect((await callRoute(passwordResetRoute.POST, { as: null, params: { token }, body: { password: 'reset-password-2' } })).status).toBe(404)
      member.password = 'reset-password-1'
    })
  })

  describe('audit log', () => {
    it('shows user management newest first, a page at a time, to admins only', async () => {
      expect((await callRoute(auditLogRoute.GET, { as: member })).status).toBe(404)
      const { status, body } = await callRoute(auditLogRoute.GET, { url: 'http://localhost/api/admin/audit-log?limit=200' })
      expect(status).toBe(200)
      const actions = body.entries.map((entry: { action: string }) => entry.action)
      expect(actions).toEqual(
        expect.arrayContaining([
          'user.invite',
          'user.accept_invitation',
          'user.disable',
          'user.enable',
          'user.role_change',
          'user.issue_password_reset',
          'user.reset_password',
        ]),
      )
      expect(actions.indexOf('user.reset_password')).toBeLessThan(actions.indexOf('user.invite'))
      expect(body.entries.find((entry: { action: string }) => entry.action === 'user.invite').actor).toMatchObject({ email: app.admin.email })

      const first = await callRoute(auditLogRoute.GET, { url: 'http://localhost/api/admin/audit-log?limit=1' })
      expect(first.body.entries).toHaveLength(1)
      const second = await callRoute(auditLogRoute.GET, { url: `http://localhost/api/admin/audit-log?limit=1&before=${first.body.nextBefore}` })
      expect(second.body.entries[0].id).toBe(body.entries[1].id)
      expect((await callRoute(auditLogRoute.GET, { url: 'http://localhost/api/admin/audit-log?limit=0' })).status).toBe(400)
    })
  })
})

describe('first-admin setup', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    // A fresh installation: nobody has an account yet.
    await app.db.prisma.user.deleteMany({})
  })
  afterAll(async () => app?.close())

  it('creates the first admin from the printed link once, and signs them in', async () => {
    const printed: string[] = []
    const token = await prepareFirstAdmin(app, {}, (line) => printed.push(line))
    expect(token).toBeDefined()
    expect(printed.join('\n')).toContain(`/setup?token=${token}`)
    const body = { token: token!, name: 'First Admin', email: 'first@example.test', password: 'first-admin-pw' }

    expect((await callRoute(setupRoute.POST, { as: null, body: { ...body, token: 'wrong-token' } })).status).toBe(400)
    expect((await callRoute(setupRoute.POST, { as: null, body: { ...body, email: 'nope' } })).status).toBe(400)

    const done = await callRoute(setupRoute.POST, { as: null, body })
    expect(done).toMatchObject({ status: 201, body: { user: { email: 'first@example.test', role: 'admin' } } })
    expect(await me(cookieFrom(done.headers))).toMatchObject({ status: 200, body: { email: 'first@example.test', role: 'admin' } })

    const again = await callRoute(setupRoute.POST, { as: null, body: { ...body, email: 'second@example.test' } })
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'setup_done' } } })
    expect(await prepareFirstAdmin(app, {}, () => {})).toBeUndefined()
  })
})
