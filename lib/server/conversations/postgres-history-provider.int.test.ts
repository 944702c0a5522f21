import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Message } from '@/lib/core'
import { historyProviderContract } from '@/lib/core/testing'
import type { Database } from '../db/database'
import { createTestDatabase } from '../testing/test-database'
import { PostgresHistoryProvider, type CarryStatement } from './postgres-history-provider'
import type { StoredRow } from './turn-start'

let db: Database
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(async () => db?.close())

// The same behaviour the in-memory and JSONL providers show, on a real Postgres.
historyProviderContract('PostgresHistoryProvider', async () => {
  await db.prisma.conversation.deleteMany()
  return new PostgresHistoryProvider(db.sql)
})

describe('PostgresHistoryProvider', () => {
  it('keeps concurrent appends to one conversation whole and in per-call order', async () => {
    await db.prisma.conversation.deleteMany()
    const provider = new PostgresHistoryProvider(db.sql)
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        provider.saveMessages('s', [new Message({ role: 'user', text: `${i}a` }), new Message({ role: 'assistant', text: `${i}b` })], { state: {} }),
      ),
    )
    const texts = (await provider.getMessages('s', { state: {} })).map((m) => m.text)
    expect(texts).toHaveLength(16)
    for (let i = 0; i < 8; i++) expect(texts.indexOf(`${i}b`)).toBe(texts.indexOf(`${i}a`) + 1)
  })

  it('reports a stored row that is not a message and still loads the others', async () => {
    await db.prisma.conversation.deleteMany()
    const problems: unknown[] = []
    const provider = new PostgresHistoryProvider(db.sql, { onCorruptMessage: (p) => problems.push(p) })
    await provider.saveMessages('c', [new Message({ role: 'user', text: 'ok' })], { state: {} })
    await db.prisma.chatMessage.create({ data: { conversationId: 'c', position: 1, role: 'user', message: '{"nonsense":true}' } })
    await provider.saveMessages('c', [new Message({ role: 'assistant', text: 'after' })], { state: {} })
    expect((await provider.getMessages('c', { state: {} })).map((m) => m.text)).toEqual(['ok', 'after'])
    expect(problems).toEqual([expect.objectContaining({ conversationId: 'c', position: 1 })])
  })

  it('truncates to a checkpoint whether the next step loads the history or only stores, and knows the length after', async () => {
    await db.prisma.conversation.deleteMany()
    const texts = (conversationId: string) => new PostgresHistoryProvider(db.sql).getMessages(conversationId).then((messages) => messages.map((m) => m.text))
    const say = (...words: string[]) => words.map((text) => new Message({ role: 'user', text }))
    await new PostgresHistoryProvider(db.sql).saveMessages('loads', say('a', 'b', 'cut 1', 'cut 2'))
    await new PostgresHistoryProvider(db.sql).saveMessages('stores', say('a', 'b', 'cut'))

    // A replayed step: truncate to the checkpoint, load (which must not see what was cut), store.
    const replay = new PostgresHistoryProvider(db.sql)
    await replay.truncate('loads', 2)
    expect((await replay.getMessages('loads')).map((m) => m.text)).toEqual(['a', 'b'])
    await replay.saveMessages('loads', say('c'))
    expect(await replay.length('loads')).toBe(3)
    expect(await texts('loads')).toEqual(['a', 'b', 'c'])

    // A step that stores without loading first.
    const storeOnly = new PostgresHistoryProvider(db.sql)
    await storeOnly.truncate('stores', 2)
    await storeOnly.saveMessages('stores', say('c', 'd'))
    expect(await storeOnly.length('stores')).toBe(4)
    expect(await texts('stores')).toEqual(['a', 'b', 'c', 'd'])

    // Asking the length with a truncation pending applies it.
    const lengthOnly = new PostgresHistoryProvider(db.sql)
    await lengthOnly.truncate('stores', 1)
    expect(await lengthOnly.length('stores')).toBe(1)
    expect(await texts('stores')).toEqual(['a'])
  })
})

describe("PostgresHistoryProvider riding with a run's batches", () => {
  /** Stands for the run's writer: each carried statement is committed at once, alone. */
  const carried: string[] = []
  const carry: CarryStatement = async (build) => {
    const { sql, params } = build(1)
    carried.push(sql)
    await db.sql.query(`WITH ${sql} SELECT 1`, params)
  }
  const stored = async (conversationId: string) =>
    (await db.sql.query<{ position: number; message: string }>(`SELECT position, message FROM "ChatMessage" WHERE "conversationId" = $1 ORDER BY position`, [
      conversationId,
    ])) as StoredRow[]

  it("goes on from a conversation's rows as read, after a row that is not a message, and writes only through the run's batches", async () => {
    await db.prisma.conversation.deleteMany()
    carried.length = 0
    const earlier = new PostgresHistoryProvider(db.sql)
    await earlier.saveMessages('turn', [new Message({ role: 'user', text: 'ok' })])
    await db.prisma.chatMessage.create({ data: { conversationId: 'turn', position: 1, role: 'user', message: '{"nonsense":true}' } })

    const problems: unknown[] = []
    const provider = new PostgresHistoryProvider(db.sql, { onCorruptMessage: (p) => problems.push(p) })
    provider.ridesFrom('turn', await stored('turn'), carry)
    expect((await provider.getMessages('turn')).map((m) => m.text)).toEqual(['ok'])
    expect(problems).toEqual([expect.objectContaining({ conversationId: 'turn', position: 1 })])
    expect(await provider.length('turn')).toBe(2)
    // Saved after the last stored position (2), not after the messages that parsed (1).
    await provider.saveMessages('turn', [new Message({ role: 'assistant', text: 'after' })])
    await vi.waitFor(async () => expect((await stored('turn')).map((row) => row.position)).toEqual([0, 1, 2]))
    expect(carried).toHaveLength(1)
    expect(await provider.length('turn')).toBe(3)
    expect((await provider.getMessages('turn')).map((m) => m.text)).toEqual(['ok', 'after'])

    // Cut back to a checkpoint's length: the run leaves riding and the rows past it go.
    await provider.truncate('turn', 1)
    expect((await provider.getMessages('turn')).map((m) => m.text)).toEqual(['ok'])
    expect((await stored('turn')).map((row) => row.position)).toEqual([0])
  })
})
