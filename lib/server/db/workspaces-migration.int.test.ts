/**
 * The workspaces migration (issue #30) on a copy of a populated database: a database at the migration before it, with
 * rows of every kind for three people (one an admin) and rows from before sign-in, is migrated; then every row is
 * accounted for (each owned row in its owner's personal workspace, each unowned row in none), each person owns their
 * personal workspace, and every API token and share link made before still works.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assembleAppContext } from '../app-assembly'
import { type AppContext } from '../app-context'
import { hashApiToken } from '../auth/api-tokens'
import { ShareLinkService } from '../share/share-links'
import { hashShareToken } from '../share/share-token'
import { createTestDatabase } from '../testing/test-database'
import { releaseAppContext } from '../testing/test-app'
import type { Database } from './database'
import { applyMigrations } from './migrate'
import { migrateToJustBefore } from './testing/migrate-to-just-before'

const WORKSPACES_MIGRATION = /_workspaces$/
/**
 * The tables whose rows move into workspaces, and the column that says who owned them, by their names after every
 * migration (the conversations migration renamed AgentSession to Conversation; populate writes the older name).
 */
const OWNED_TABLES = ['Workflow', 'Run', 'ApprovalRequest', 'ShareLink', 'McpServer', 'Skill', 'Agent', 'McpToolOffer', 'Conversation'] as const

interface Person {
  id: string
  role: 'admin' | 'member'
  apiToken: string
  shareToken: string
  runId: string
}

describe('the workspaces migration keeps every row, token and share link', () => {
  let db: Database
  let app: AppContext
  const people: Person[] = []

  /** Rows of every kind for one person (or, with null, rows from before sign-in). */
  async function populate(ownerId: string | null, n: number): Promise<{ runId: string; shareToken: string }> {
    const q = (text: string, params: unknown[]) => db.sql.query(text, params)
    const id = (kind: string) => `${kind}-${n}`
    await q(`INSERT INTO "Workflow" (id, name, "ownerId", "updatedAt") VALUES ($1, $2, $3, now())`, [id('wf'), `Workflow ${n}`, ownerId])
    await q(`INSERT INTO "WorkflowVersion" (id, "workflowId", version, graph, "authorId") VALUES ($1, $2, 1, '{}'::jsonb, $3)`, [id('wv'), id('wf'), ownerId])
    await q(
      `INSERT INTO "Run" (id, "workflowId", "versionId", "ownerId", input, status, "updatedAt") VALUES ($1, $2, $3, $4, '"hi"'::jsonb, 'waiting', now())`,
      [id('run'), id('wf'), id('wv'), ownerId],
    )
    await q(`INSERT INTO "RunEvent" ("runId", sequence, type, data) VALUES ($1, 1, 'run_queued', '{}'::jsonb)`, [id('run')])
    await q(
      `INSERT INTO "ApprovalRequest" (id, "runId", "ownerId", kind, source, title, payload, "expiresAt") VALUES ($1, $2, $3, 'human_input', 'test', 'Go on?', '{}'::jsonb, now() + interval '1 hour')`,
      [id('approval'), id('run'), ownerId],
    )
    const shareToken = randomBytes(32).toString('base64url')
    await q(`INSERT INTO "ShareLink" (id, "runId", "ownerId", "tokenHash") VALUES ($1, $2, $3, $4)`, [
      id('share'),
      id('run'),
      ownerId,
      hashShareToken(shareToken),
    ])
    await q(
      `INSERT INTO "McpServer" ("rowId", id, name, "ownerId", transport, config, "updatedAt") VALUES ($1, 'github', 'GitHub', $2, 'http', '{"url":"https://example.test/mcp"}'::jsonb, now())`,
      [id('server'), ownerId],
    )
    await q(`INSERT INTO "Skill" (id, name, description, "ownerId", content, "updatedAt") VALUES ($1, 'notes', 'Notes', $2, 'x', now())`, [
      id('skill'),
      ownerId,
    ])
    await q(`INSERT INTO "Agent" (id, name, "ownerId", "updatedAt") VALUES ($1, $2, $3, now())`, [id('agent'), `Agent ${n}`, ownerId])
    await q(`INSERT INTO "AgentVersion" (id, "agentId", version, definition) VALUES ($1, $2, 1, '{}'::jsonb)`, [id('av'), id('agent')])
    await q(`INSERT INTO "AgentSession" (id, "ownerId", "agentId", "updatedAt") VALUES ($1, $2, $3, now())`, [id('conversation'), ownerId, id('agent')])
    // McpToolOffer.ownerId is required: only people's rows have one.
    if (ownerId !== null) {
      await q(`INSERT INTO "McpToolOffer" (id, "ownerId", name, "workflowId", "updatedAt") VALUES ($1, $2, 'run_it', $3, now())`, [
        id('offer'),
        ownerId,
        id('wf'),
      ])
    }
    return { runId: id('run'), shareToken }
  }

  beforeAll(async () => {
    db = await createTestDatabase('empty')
    const pending = await migrateToJustBefore(db.sql, WORKSPACES_MIGRATION)

    for (const [n, role] of (['admin', 'member', 'member'] as const).entries()) {
      const id = `user-${n}`
      await db.sql.query(`INSERT INTO "User" (id, name, email, role, "updatedAt") VALUES ($1, $2, $3, $4, now())`, [
        id,
        `Person ${n}`,
        `p${n}@example.test`,
        role,
      ])
      const apiToken = `al_${randomBytes(32).toString('base64url')}`
      await db.sql.query(`INSERT INTO "ApiToken" (id, "userId", name, "tokenHash", prefix) VALUES ($1, $2, 'cli', $3, $4)`, [
        `token-${n}`,
        id,
        hashApiToken(apiToken),
        apiToken.slice(0, 8),
      ])
      people.push({ id, role, apiToken, ...(await populate(id, n)) })
    }
    await populate(null, 99)

    expect(await applyMigrations(db.sql)).toEqual(pending)
    app = assembleAppContext(db, randomBytes(32))
  })

  afterAll(async () => {
    if (app) await releaseAppContext(app)
    await db?.close()
  })

  it('gives each person a personal workspace that they own, and no one else', async () => {
    const users = await db.prisma.user.findMany({ include: { memberships: { include: { workspace: true } } } })
    expect(users).toHaveLength(3)
    for (const user of users) {
      expect(user.personalWorkspaceId).not.toBeNull()
      expect(user.memberships).toEqual([expect.objectContaining({ workspaceId: user.personalWorkspaceId, role: 'owner', approver: false })])
      expect(user.memberships[0]!.workspace).toMatchObject({ kind: 'personal', name: user.name, createdById: user.id })
    }
    expect(await db.prisma.workspace.count()).toBe(3)
  })

  it.each(OWNED_TABLES)('moves every owned %s row into its owner’s personal workspace and keeps unowned rows in none', async (table) => {
    const rows = await db.sql.query<{ id: string; ownerId: string | null; workspaceId: string | null; personal: string | null }>(
      `SELECT t."ownerId", t."workspaceId", u."personalWorkspaceId" AS personal FROM "${table}" t LEFT JOIN "User" u ON u.id = t."ownerId"`,
    )
    const expected = table === 'McpToolOffer' ? 3 : 4
    expect(rows).toHaveLength(expected)
    for (const row of rows) {
      if (row.ownerId === null) expect(row.workspaceId).toBeNull()
      else expect(row.workspaceId).toBe(row.personal)
    }
  })

  it('keeps the rows that follow their parents: versions, events and conversations', async () => {
    expect(await db.prisma.workflowVersion.count()).toBe(4)
    expect(await db.prisma.agentVersion.count()).toBe(4)
    expect(await db.prisma.runEvent.count()).toBe(4)
    expect(await db.prisma.apiToken.count({ where: { workspaceId: null, role: null } })).toBe(3)
  })

  it('keeps names that were unique per owner unique per workspace (each person’s `github` and `notes` stay theirs)', async () => {
    for (const person of people) {
      const { personalWorkspaceId } = await db.prisma.user.findUniqueOrThrow({ where: { id: person.id } })
      expect(await db.prisma.mcpServer.findMany({ where: { id: 'github', workspaceId: personalWorkspaceId } })).toHaveLength(1)
      expect(await db.prisma.skill.findMany({ where: { name: 'notes', workspaceId: personalWorkspaceId } })).toHaveLength(1)
    }
  })

  it('still signs in every API token made before, as its person with their personal workspace', async () => {
    for (const person of people) {
      const principal = await app.apiTokens.authenticate(person.apiToken)
      const { personalWorkspaceId } = await db.prisma.user.findUniqueOrThrow({ where: { id: person.id } })
      expect(principal).toMatchObject({ userId: person.id, role: person.role, personalWorkspaceId })
      expect(principal!.memberships).toEqual([expect.objectContaining({ workspaceId: personalWorkspaceId, role: 'owner' })])
    }
  })

  it('still opens every share link made before, and each person still sees their run and its approval', async () => {
    const shares = new ShareLinkService(app)
    for (const person of people) {
      expect((await shares.resolve(person.shareToken)).run.id).toBe(person.runId)
      const principal = (await app.apiTokens.authenticate(person.apiToken))!
      expect((await app.approvals.list(principal)).map((approval) => approval.runId)).toContain(person.runId)
    }
  })
})
