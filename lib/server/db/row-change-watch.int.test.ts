/**
 * What a process keeps of the rows every API call reads (the principal an API token stands for, the agents a
 * Responses request names) against real Postgres: kept once read, forgotten at once by the process that changes them
 * (the trigger's NOTICE), by another once the change commits (its NOTIFY, heard on that process's own connections),
 * and never trusted while the listening connection is lost.
 */
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AgentSettingsSchema } from '@/lib/graph'
import type { AppContext } from '../app-context'
import { ApiTokenService } from '../auth/api-tokens'
import { sessionPrincipal } from '../auth/authenticate'
import { agentLookups, resolveModel, type ResolvedAgent } from '../responses/response-model'
import { anotherProcessApp, databaseNameOf, keptOnceRead, statementsOf as statementsIn } from '../testing/kept-rows'
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app'
import { waitFor } from '../testing/wait-for'
import { WorkspaceService } from '../workspaces/workspace-service'
import { ROW_CHANGES_CHANNEL } from './row-change-watch'

/** Long enough that only an announcement, never the age, can make a value be read again within a test. */
const HOUR = 3_600_000

describe('rows kept in memory while their changes can be heard', () => {
  let app: TestApp
  /** A second app on the same database, with its own pools and listening connection: another process, as Postgres sees it. */
  let other: AppContext
  let otherTokens: ApiTokenService
  let databaseName: string

  beforeAll(async () => {
    app = await createTestApp({ install: false, seed: false })
    databaseName = await databaseNameOf(app)
    other = await anotherProcessApp(app)
    otherTokens = new ApiTokenService(other.db.prisma, other.db.sql, other.rowChanges, { principalMaxAgeMs: HOUR })
  })

  afterAll(async () => {
    await other?.notifications.close()
    await other?.db.close()
    await app?.close()
  })

  const kept = <T>(read: () => Promise<T>) => keptOnceRead(databaseName, read)
  const statementsOf = (work: () => Promise<unknown>) => statementsIn(databaseName, work)

  const authenticate = (user: TestUser) => app.apiTokens.authenticate(user.token)

  it("keeps a token's principal once read: the next calls send no statement", async () => {
    const user = await app.addUser()
    const first = await authenticate(user)
    expect(first).toMatchObject({ userId: user.id, via: 'token' })
    expect(await kept(() => authenticate(user))).toEqual(first)
    // A token nobody has is read each time: a wrong credential is never remembered.
    const wrong = `al_${'x'.repeat(43)}`
    expect(await statementsOf(() => app.apiTokens.authenticate(wrong))).toBe(1)
    expect(await statementsOf(() => app.apiTokens.authenticate(wrong))).toBe(1)
  })

  it('forgets it at once when this process changes what it is made of, whichever way the change is made', async () => {
    const user = await app.addUser()
    const owner = (await app.apiTokens.authenticate(app.admin.token))!
    const team = await new WorkspaceService(app).create(owner, 'Night shift')
    await new WorkspaceService(app).addMember(owner, team.id, { email: user.email, role: 'runner', approver: false })
    const names = async () => (await authenticate(user))?.memberships.map((member) => member.workspaceName)
    expect(await kept(names)).toContain('Night shift')

    // A workspace renamed with Prisma, a membership ended with plain SQL: each read back at once.
    await app.db.prisma.workspace.update({ where: { id: team.id }, data: { name: 'Day shift' } })
    expect(await names()).toContain('Day shift')
    await app.db.sql.query(`DELETE FROM "WorkspaceMember" WHERE "workspaceId" = $1 AND "userId" = $2`, [team.id, user.id])
    expect(await names()).not.toContain('Day shift')

    // Disabled, then enabled again; then the token revoked through the service.
    await kept(() => authenticate(user))
    await app.db.prisma.user.update({ where: { id: user.id }, data: { banned: true } })
    expect(await authenticate(user)).toBeNull()
    await app.db.prisma.user.update({ where: { id: user.id }, data: { banned: false } })
    expect(await authenticate(user)).not.toBeNull()
    const [{ id: tokenId }] = await app.apiTokens.list(user.id)
    expect(await app.apiTokens.revoke(user.id, tokenId)).toBe(true)
    expect(await authenticate(user)).toBeNull()
  })

  it("keeps a browser session's workspaces, read beside Better Auth's look at the session, until they change", async () => {
    const user = await app.addUser()
    const signedIn = await app.auth.api.signInEmail({ body: { email: user.email, password: user.password }, asResponse: true })
    const cookie = signedIn.headers
      .getSetCookie()
      .map((each) => each.split(';')[0])
      .join('; ')
    const headers = new Headers({ cookie })
    const workspaces = async () => (await sessionPrincipal(headers, app))?.memberships.map((member) => member.workspaceId)
    // Kept with the session itself (auth/kept-sessions.ts): a look sends no statement once both are kept.
    await kept(workspaces)

    const owner = (await app.apiTokens.authenticate(app.admin.token))!
    const team = await new WorkspaceService(app).create(owner, 'Late shift')
    await new WorkspaceService(app).addMember(owner, team.id, { email: user.email, role: 'viewer', approver: false })
    expect(await workspaces()).toContain(team.id)
    await app.db.prisma.workspaceMember.deleteMany({ where: { workspaceId: team.id, userId: user.id } })
    expect(await workspaces()).not.toContain(team.id)
  })

  it("hears this process's own changes even on a server that sends no notices by default", async () => {
    await app.db.sql.query(`ALTER DATABASE "${databaseName}" SET client_min_messages = warning`)
    const quiet = await anotherProcessApp(app)
    try {
      const user = await app.addUser()
      const tokens = new ApiTokenService(quiet.db.prisma, quiet.db.sql, quiet.rowChanges, { principalMaxAgeMs: HOUR })
      await kept(() => tokens.authenticate(user.token))
      await quiet.db.prisma.user.update({ where: { id: user.id }, data: { banned: true } })
      expect(await tokens.authenticate(user.token)).toBeNull()
    } finally {
      await app.db.sql.query(`ALTER DATABASE "${databaseName}" RESET client_min_messages`)
      await quiet.notifications.close()
      await quiet.db.close()
    }
  })

  it('is forgotten by another process once the change commits, and not trusted while that process cannot hear changes', async () => {
    const user = await app.addUser()
    const inOther = () => otherTokens.authenticate(user.token)
    expect(await kept(inOther)).toMatchObject({ userId: user.id })

    // Changed by this process: the other hears it by its NOTIFY (its value would otherwise be given for an hour).
    await app.db.prisma.user.update({ where: { id: user.id }, data: { banned: true } })
    await waitFor(async () => ((await inOther()) === null ? true : undefined))
    await app.db.prisma.user.update({ where: { id: user.id }, data: { banned: false } })
    await waitFor(async () => ((await inOther()) !== null ? true : undefined))
    await kept(inOther)

    // The other's listening connection is cut, and the token revoked before it is back: the revoke's NOTIFY reached
    // nobody there, so what the other kept from before the cut must not be given once it listens again.
    const listening = (other.notifications as unknown as { client: pg.Client & { processID: number } }).client
    await app.db.sql.query(`SELECT pg_terminate_backend($1)`, [listening.processID])
    await waitFor(async () => (other.notifications.isListening(ROW_CHANGES_CHANNEL) ? undefined : true))
    const [{ id: tokenId }] = await app.apiTokens.list(user.id)
    await app.apiTokens.revoke(user.id, tokenId)
    await waitFor(async () => other.notifications.isListening(ROW_CHANGES_CHANNEL) || undefined)
    expect(await inOther()).toBeNull()
  })

  it('keeps the agent a model names until an agent or a version changes, here or in another process', async () => {
    const owner = (await app.apiTokens.authenticate(app.admin.token))!
    const agent = await app.db.prisma.agent.create({ data: { name: 'Kept', ownerId: app.admin.id, workspaceId: app.admin.personalWorkspaceId } })
    const addVersion = (version: number) =>
      app.db.prisma.agentVersion.create({
        data: {
          agentId: agent.id,
          version,
          authorId: app.admin.id,
          definition: AgentSettingsSchema.parse({ name: 'Kept', instructions: `v${version}`, model: { provider: 'demo' } }),
        },
      })
    await addVersion(1)
    const here = (model = 'agent:Kept') => resolveModel(app.db, owner, model, app.agentLookups) as Promise<ResolvedAgent>
    const otherLookups = agentLookups(other.rowChanges, HOUR)
    const there = () => resolveModel(other.db, owner, 'agent:Kept', otherLookups) as Promise<ResolvedAgent>
    const instructions = (model: ResolvedAgent) => (model.agentVersion?.definition as { instructions: string }).instructions

    expect(instructions(await kept(() => here()))).toBe('v1')
    expect(instructions(await kept(there))).toBe('v1')

    await addVersion(2)
    expect(instructions(await here())).toBe('v2')
    await waitFor(async () => (instructions(await there()) === 'v2' ? true : undefined))

    await app.db.prisma.agent.update({ where: { id: agent.id }, data: { name: 'Renamed' } })
    await expect(here()).rejects.toThrow(/does not exist/)
    expect((await here('agent:Renamed')).id).toBe(agent.id)
  })
})
