/**
 * The conversations migration (issue #28) on a populated database: a database at the migration before it, holding a
 * person's conversation with its messages, state and turns and a workflow run's agent conversation, is migrated; then
 * every row is still there under the new names (AgentSession → Conversation, sessionId → conversationId), the history
 * reads back as it was stored, and the renamed keys and indexes still do their work (cascades, one message per position).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Message } from '@/lib/core'
import { PostgresHistoryProvider } from '../conversations/postgres-history-provider'
import { createTestDatabase } from '../testing/test-database'
import type { Database } from './database'
import { applyMigrations } from './migrate'
import { migrateToJustBefore } from './testing/migrate-to-just-before'

const CONVERSATIONS_MIGRATION = /^\d+_conversations$/
const SAID = ['Hello', 'Hi! How can I help?', 'Summarise our chat']
const STATE = { memory: { facts: ['likes tea'] } }

describe('the conversations migration keeps every conversation, message and turn', () => {
  let db: Database
  let pending: string[]
  let applied: string[]

  beforeAll(async () => {
    db = await createTestDatabase('empty')
    pending = await migrateToJustBefore(db.sql, CONVERSATIONS_MIGRATION)

    const q = (text: string, params: unknown[] = []) => db.sql.query(text, params)
    await q(`INSERT INTO "User" (id, name, email, role, "updatedAt") VALUES ('user-1', 'Ada', 'ada@example.test', 'admin', now())`)
    await q(`INSERT INTO "Workspace" (id, name, kind, "createdById") VALUES ('ws-1', 'Ada', 'personal', 'user-1')`)
    await q(`INSERT INTO "Agent" (id, name, "ownerId", "workspaceId", "updatedAt") VALUES ('agent-1', 'Helper', 'user-1', 'ws-1', now())`)
    await q(`INSERT INTO "AgentVersion" (id, "agentId", version, definition) VALUES ('av-1', 'agent-1', 1, '{}'::jsonb)`)
    await q(
      `INSERT INTO "AgentSession" (id, kind, "ownerId", "workspaceId", "agentId", "agentVersion", title, "serviceSessionId", state, "updatedAt")
       VALUES ('conv-1', 'conversation', 'user-1', 'ws-1', 'agent-1', 1, 'About tea', 'resp_123', $1::jsonb, now())`,
      [JSON.stringify(STATE)],
    )
    await q(
      `INSERT INTO "AgentSession" (id, kind, "ownerId", "originRunId", "originNodeId", "updatedAt") VALUES ('run:r-0:writer', 'run_agent', 'user-1', 'r-0', 'writer', now())`,
    )
    const roles = ['user', 'assistant', 'user']
    for (const [position, text] of SAID.entries()) {
      await q(`INSERT INTO "ChatMessage" (id, "sessionId", position, role, message) VALUES ($1, 'conv-1', $2, $3, $4)`, [
        `m-${position}`,
        position,
        roles[position],
        JSON.stringify(new Message({ role: roles[position] as 'user' | 'assistant', text })),
      ])
    }
    await q(`INSERT INTO "ChatMessage" (id, "sessionId", position, role, message) VALUES ('m-run', 'run:r-0:writer', 0, 'user', $1)`, [
      JSON.stringify(new Message({ role: 'user', text: 'Draft a note' })),
    ])
    for (const [n, status] of (['succeeded', 'waiting'] as const).entries()) {
      await q(
        `INSERT INTO "Run" (id, "agentId", "agentVersionId", "sessionId", "ownerId", "workspaceId", input, status, "updatedAt")
         VALUES ($1, 'agent-1', 'av-1', 'conv-1', 'user-1', 'ws-1', $2::jsonb, $3, now())`,
        [`turn-${n}`, JSON.stringify({ text: SAID[n * 2], historyStart: n * 2 }), status],
      )
    }

    applied = await applyMigrations(db.sql)
  })

  afterAll(async () => db?.close())

  it('applies the conversations migration and those after it', () => {
    expect(applied).toEqual(pending)
  })

  it('keeps each conversation row whole under its new name', async () => {
    const conversation = await db.prisma.conversation.findUniqueOrThrow({ where: { id: 'conv-1' } })
    expect(conversation).toMatchObject({
      kind: 'conversation',
      ownerId: 'user-1',
      workspaceId: 'ws-1',
      agentId: 'agent-1',
      agentVersion: 1,
      title: 'About tea',
      serviceSessionId: 'resp_123',
      state: STATE,
    })
    expect(await db.prisma.conversation.findUniqueOrThrow({ where: { id: 'run:r-0:writer' } })).toMatchObject({
      kind: 'run_agent',
      originRunId: 'r-0',
      originNodeId: 'writer',
    })
    expect(await db.prisma.conversation.count()).toBe(2)
  })

  it('keeps the messages in order, and the turns pointing at their conversation', async () => {
    const history = new PostgresHistoryProvider(db.sql)
    expect((await history.getMessages('conv-1')).map((message) => message.text)).toEqual(SAID)
    expect((await history.getMessages('run:r-0:writer')).map((message) => message.text)).toEqual(['Draft a note'])
    const turns = await db.prisma.run.findMany({ where: { conversationId: 'conv-1' }, orderBy: { id: 'asc' }, select: { id: true, status: true } })
    expect(turns).toEqual([
      { id: 'turn-0', status: 'succeeded' },
      { id: 'turn-1', status: 'waiting' },
    ])
  })

  // Not NOT NULL constraints: PostgreSQL 18 (the embedded server) names them after their table and column when they are
  // made, and a rename leaves those names be (`AgentSession_id_not_null`); they are no key, and nothing refers to them.
  it('leaves no table, column, key, index or type under the old names', async () => {
    const old = await db.sql.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND (relname LIKE '%AgentSession%' OR relname LIKE '%sessionId%')
       UNION ALL SELECT conname FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND (conname LIKE '%AgentSession%' OR conname LIKE '%sessionId%')
         AND contype <> 'n'
       UNION ALL SELECT typname FROM pg_type WHERE typnamespace = 'public'::regnamespace AND typname IN ('SessionKind', 'AgentSession')
       UNION ALL SELECT table_name || '.' || column_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'sessionId'`,
    )
    expect(old).toEqual([])
  })

  it('keeps one message per position, under the constraint name the history provider recognises', async () => {
    await expect(
      db.sql.query(`INSERT INTO "ChatMessage" (id, "conversationId", position, role, message) VALUES ('dup', 'conv-1', 0, 'user', '{}')`),
    ).rejects.toMatchObject({ code: '23505', constraint: 'ChatMessage_conversationId_position_key' })
  })

  it('still deletes a conversation’s messages and turns with it', async () => {
    await db.prisma.conversation.delete({ where: { id: 'conv-1' } })
    expect(await db.prisma.chatMessage.count({ where: { conversationId: 'conv-1' } })).toBe(0)
    expect(await db.prisma.run.count({ where: { id: { in: ['turn-0', 'turn-1'] } } })).toBe(0)
    expect(await db.prisma.chatMessage.count()).toBe(1)
  })
})
