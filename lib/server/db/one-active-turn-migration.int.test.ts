/**
 * The one-active-turn migration (issue #29) on a populated database: a conversation that somehow holds two active turns
 * (the row lock that kept them one at a time before could not stop a row written by hand, or by a bug) keeps its newest
 * one and has the older cancelled, saying why, so the unique index always builds and the app starts; a conversation's
 * ended turns and another conversation's active one are left as they were. After it, the index refuses a second active
 * turn in a conversation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../testing/test-database'
import type { Database } from './database'
import { applyMigrations } from './migrate'
import { migrateToJustBefore } from './testing/migrate-to-just-before'

const ONE_ACTIVE_TURN_MIGRATION = /^\d+_one_active_turn$/

describe('the one-active-turn migration', () => {
  let db: Database
  let pending: string[]
  let applied: string[]

  beforeAll(async () => {
    db = await createTestDatabase('empty')
    pending = await migrateToJustBefore(db.sql, ONE_ACTIVE_TURN_MIGRATION)

    const q = (text: string, params: unknown[] = []) => db.sql.query(text, params)
    await q(`INSERT INTO "User" (id, name, email, role, "updatedAt") VALUES ('user-1', 'Ada', 'ada@example.test', 'admin', now())`)
    await q(`INSERT INTO "Workspace" (id, name, kind, "createdById") VALUES ('ws-1', 'Ada', 'personal', 'user-1')`)
    await q(`INSERT INTO "Agent" (id, name, "ownerId", "workspaceId", "updatedAt") VALUES ('agent-1', 'Helper', 'user-1', 'ws-1', now())`)
    await q(`INSERT INTO "AgentVersion" (id, "agentId", version, definition) VALUES ('av-1', 'agent-1', 1, '{}'::jsonb)`)
    for (const id of ['crowded', 'calm']) {
      await q(
        `INSERT INTO "Conversation" (id, kind, "ownerId", "workspaceId", "agentId", title, "updatedAt") VALUES ($1, 'conversation', 'user-1', 'ws-1', 'agent-1', $1, now())`,
        [id],
      )
    }
    const turn = (id: string, conversationId: string, status: string, secondsAgo: number) =>
      q(
        `INSERT INTO "Run" (id, "agentId", "agentVersionId", "conversationId", "ownerId", "workspaceId", input, status, "createdAt", "updatedAt")
         VALUES ($1, 'agent-1', 'av-1', $2, 'user-1', 'ws-1', '{"text":"hi","historyStart":0}'::jsonb, $3, now() - make_interval(secs => $4), now())`,
        [id, conversationId, status, secondsAgo],
      )
    await turn('crowded-ended', 'crowded', 'succeeded', 30)
    await turn('crowded-older', 'crowded', 'waiting', 20)
    await turn('crowded-newer', 'crowded', 'running', 10)
    await turn('calm-active', 'calm', 'queued', 5)

    applied = await applyMigrations(db.sql)
  })

  afterAll(async () => db?.close())

  it('applies, keeping the newest active turn of a conversation and cancelling the older, saying why', async () => {
    expect(applied).toEqual(pending)
    const runs = await db.prisma.run.findMany({ orderBy: { id: 'asc' }, select: { id: true, status: true, error: true, finishedAt: true } })
    expect(runs.map(({ id, status }) => [id, status])).toEqual([
      ['calm-active', 'queued'],
      ['crowded-ended', 'succeeded'],
      ['crowded-newer', 'running'],
      ['crowded-older', 'cancelled'],
    ])
    const cancelled = runs.find((run) => run.id === 'crowded-older')!
    expect(cancelled.error).toMatch(/newer turn/)
    expect(cancelled.finishedAt).not.toBeNull()
  })

  it('refuses a second active turn in a conversation from then on, and lets one in once the active one ended', async () => {
    const insert = (id: string, conversationId: string) =>
      db.sql.query(
        `INSERT INTO "Run" (id, "agentId", "agentVersionId", "conversationId", "ownerId", "workspaceId", input, status, "updatedAt")
         VALUES ($1, 'agent-1', 'av-1', $2, 'user-1', 'ws-1', '{}'::jsonb, 'queued', now())`,
        [id, conversationId],
      )
    await expect(insert('calm-second', 'calm')).rejects.toMatchObject({ code: '23505', constraint: 'Run_conversationId_active_key' })
    await db.sql.query(`UPDATE "Run" SET status = 'succeeded' WHERE id = 'calm-active'`)
    await insert('calm-second', 'calm')
    expect(await db.prisma.run.count({ where: { conversationId: 'calm', status: { in: ['queued', 'running', 'waiting'] } } })).toBe(1)
  })
})
