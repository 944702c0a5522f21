/**
 * Opening a long conversation (issue #14, "Speed"): the first page of a 10,000-message conversation
 * as `GET /api/conversations/:id/messages` reads it — the same statement ConversationService.messages
 * sends (one query on the (conversationId, position) index), prepared, on a fresh database on the
 * DATABASE_URL server, with the app's ChatMessage table and index. Goal: the first page on screen
 * under 300 ms; this is the server's database share of it (not the HTTP hop nor the browser's drawing).
 *
 *   npx tsx bench/conversation-open.ts [--messages 10000] [--samples 200]
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { quantile } from './lib/measure'
import { numberFlag } from './lib/cli'

async function main(): Promise<void> {
  const messages = numberFlag('--messages', 10_000)
  const samples = numberFlag('--samples', 200)
  const serverUrl = process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/postgres'
  const name = `bench_conversation_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const client = new pg.Client({ connectionString: url.toString() })
  try {
    await client.connect()
    // As in prisma/migrations: the table and its unique (conversationId, position) index.
    await client.query(`CREATE TABLE "ChatMessage" (id text PRIMARY KEY, "conversationId" text NOT NULL, position int NOT NULL, role text NOT NULL, message text NOT NULL,
      "createdAt" timestamp(3) NOT NULL DEFAULT CURRENT_TIMESTAMP)`)
    await client.query(`CREATE UNIQUE INDEX "ChatMessage_conversationId_position_key" ON "ChatMessage"("conversationId", position)`)
    // Other conversations beside it, so the index is not this one conversation's alone.
    await client.query(
      `INSERT INTO "ChatMessage" (id, "conversationId", position, role, message)
       SELECT gen_random_uuid()::text, 'other-' || (i % 50), i / 50, 'user', '{"type":"message","role":"user","contents":[{"type":"text","text":"filler"}]}'
       FROM generate_series(0, 49999) AS i`,
    )
    await client.query(
      `INSERT INTO "ChatMessage" (id, "conversationId", position, role, message)
       SELECT gen_random_uuid()::text, 'long', i, CASE WHEN i % 2 = 0 THEN 'user' ELSE 'assistant' END,
         json_build_object('type', 'message', 'role', CASE WHEN i % 2 = 0 THEN 'user' ELSE 'assistant' END,
           'contents', json_build_array(json_build_object('type', 'text', 'text', repeat('word ', 40) || i)))::text
       FROM generate_series(0, $1 - 1) AS i`,
      [messages],
    )
    await client.query('ANALYZE "ChatMessage"')
    const query = {
      name: 'first-page',
      text: `SELECT position, message, "createdAt" FROM "ChatMessage" WHERE "conversationId" = $1 AND position < $2 ORDER BY position DESC LIMIT $3`,
    }
    const times: number[] = []
    for (let i = 0; i < samples + 20; i++) {
      const started = process.hrtime.bigint()
      const { rows } = await client.query({ ...query, values: ['long', 2_147_483_647, 50] })
      // What the service does with the rows: parse each stored message.
      for (const row of rows) JSON.parse(row.message as string)
      const elapsed = Number(process.hrtime.bigint() - started) / 1e6
      if (i >= 20) times.push(elapsed)
    }
    const plan = await client.query(
      `EXPLAIN SELECT position FROM "ChatMessage" WHERE "conversationId" = 'long' AND position < 2147483647 ORDER BY position DESC LIMIT 50`,
    )
    console.log(
      `First page (50 of ${messages} messages), ${samples} samples: p50 ${quantile(times, 0.5).toFixed(2)} ms, p99 ${quantile(times, 0.99).toFixed(2)} ms`,
    )
    console.log(`Plan: ${plan.rows.map((row) => row['QUERY PLAN']).join(' / ')}`)
  } finally {
    await client.end().catch(() => {})
    await admin.query(`DROP DATABASE IF EXISTS ${name}`)
    await admin.end()
  }
}

await main()
