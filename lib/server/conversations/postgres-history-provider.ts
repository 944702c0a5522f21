/**
 * Conversation history in Postgres (Conversation + ChatMessage rows), for the app's agents.
 * Same contract as lib/core's in-memory and JSONL providers: messages come back in the order
 * they were stored; a row that no longer parses is reported and skipped, the rest still load.
 *
 * Every statement is a named prepared statement on the database's `sql` runner, not Prisma: a chat
 * turn reads and writes its history here, and Prisma's client cost more CPU per turn than the rest
 * of the turn's server side (BENCHMARKS.md, "Server overhead per chat turn").
 *
 * lib/core's HistoryProvider calls its key a `sessionId` (the id of an in-memory AgentSession): here that id is always
 * a stored Conversation's id, so this module calls it `conversationId`.
 */
import { HistoryProvider, parseStoredMessage, type HistoryAccess, type HistoryProviderOptions, type Message } from '@/lib/core'
import type { SqlRunner } from '../db/sql'
import type { StoredRow } from './turn-start'

/** The conversation lib/core's history calls use when they name none. */
const DEFAULT_CONVERSATION_ID = 'default'
/** Each failed attempt means another writer stored its batch, so this is far more than any real contention needs. */
const MAX_SAVE_ATTEMPTS = 50

export interface PostgresHistoryProviderOptions extends HistoryProviderOptions {
  /**
   * Cuts the secrets the run can see out of each message before it is stored (secret-vault/secret-scopes.ts).
   * Stored redacted rather than sealed: a message is what people read back (the conversation's
   * views, exports, "Continue in chat"), and going on needs no secret a server echoed — the model
   * reads "[redacted]" in its place, and tools get their secrets from their server's settings.
   */
  redactor?: { redactValue<T>(value: T): T }
  /** Told about stored rows that are not valid messages (they are skipped). */
  onCorruptMessage?: (problem: { conversationId: string; position: number; problem: string }) => void
}

/**
 * Hands a statement to the run's event writer, to be committed with its next batch
 * (RunEventWriter.carry): given its first free parameter number, it returns a CTE that may use `$1`, the run id.
 * `now`: the caller waits for it, so the batch goes at once, also in a run that holds its events to the end.
 */
export type CarryStatement = (build: (firstParam: number) => { sql: string; params: unknown[] }, options?: { now?: boolean }) => Promise<void>

interface Riding {
  /** The messages as stored (a row that does not parse is left out). */
  messages: Message[]
  /** The next free position. */
  length: number
  carry: CarryStatement
}

export class PostgresHistoryProvider extends HistoryProvider {
  private readonly onCorruptMessage: NonNullable<PostgresHistoryProviderOptions['onCorruptMessage']>
  private readonly redactor: PostgresHistoryProviderOptions['redactor']
  /** Conversations' lengths as this provider last read or wrote them (a turn's own reads and writes; nothing else writes meanwhile). */
  private readonly knownLengths = new Map<string, number>()
  /** Truncations asked for and not yet applied: done by the next read or write of the conversation, which finds out whether any row is past it. */
  private readonly pendingTruncations = new Map<string, number>()
  /**
   * Conversations a run holds (startsEmpty, ridesFrom): nothing else writes them while the run holds its lease, so their
   * messages are kept here as stored (redacted) and written with the run's batches instead of a statement each.
   */
  private readonly riding = new Map<string, Riding>()

  constructor(
    private readonly sql: SqlRunner,
    options: PostgresHistoryProviderOptions = {},
  ) {
    super('postgres_history', options)
    this.redactor = options.redactor
    this.onCorruptMessage =
      options.onCorruptMessage ??
      (({ conversationId, position, problem }) => console.warn(`[history] conversation ${conversationId}, message ${position}: ${problem}; skipped`))
  }

  /**
   * The conversation was made with the run that talks in it, so it is empty and only this provider writes it: reads
   * come from what it saved, and each save rides with the run's next batch of events (`carry`), committed with the
   * superstep's checkpoint. A run that goes on later (resumed, continued) reads its conversations from the database.
   */
  startsEmpty(conversationId: string, carry: CarryStatement): void {
    this.ridesFrom(conversationId, [], carry)
  }

  /**
   * The conversation's rows as the run read them when it started (a conversation's turn, one at a time by the unique
   * index on its active turn): reads come from them and from what the run saves, and each save rides with the run's
   * next batch, as in a new run's conversation (startsEmpty).
   */
  ridesFrom(conversationId: string, rows: readonly StoredRow[], carry: CarryStatement): void {
    const messages = this.parseRows(conversationId, rows)
    const length = rows.length === 0 ? 0 : rows[rows.length - 1].position + 1
    this.riding.set(conversationId, { messages, length, carry })
    this.knownLengths.set(conversationId, length)
  }

  async getMessages(conversationId: string | undefined, _access?: HistoryAccess): Promise<Message[]> {
    const id = conversationId ?? DEFAULT_CONVERSATION_ID
    const riding = this.riding.get(id)
    if (riding) return [...riding.messages]
    const rows = await this.sql.query<{ position: number; message: string }>(
      `SELECT position, message FROM "ChatMessage" WHERE "conversationId" = $1 ORDER BY position`,
      [id],
    )
    const keep = this.pendingTruncations.get(id)
    let kept = rows
    if (keep !== undefined) {
      // The read shows whether anything is past the truncation: most often nothing is, and no DELETE is needed.
      kept = rows.filter((row) => row.position < keep)
      if (kept.length < rows.length) await this.deleteFrom(id, keep)
      this.pendingTruncations.delete(id)
    }
    this.knownLengths.set(id, kept.length === 0 ? 0 : kept[kept.length - 1].position + 1)
    return this.parseRows(id, kept)
  }

  private parseRows(conversationId: string, rows: readonly StoredRow[]): Message[] {
    const messages: Message[] = []
    for (const row of rows) {
      const parsed = parseStoredMessage(row.message)
      if (parsed.ok) messages.push(parsed.message)
      else this.onCorruptMessage({ conversationId, position: row.position, problem: parsed.problem })
    }
    return messages
  }

  /** How many messages the conversation holds (positions are 0…n-1). */
  async length(conversationId: string): Promise<number> {
    const known = this.knownLengths.get(conversationId)
    if (known !== undefined) return known
    const keep = this.pendingTruncations.get(conversationId)
    if (keep !== undefined) {
      await this.deleteFrom(conversationId, keep)
      this.pendingTruncations.delete(conversationId)
    }
    const [row] = await this.sql.query<{ length: number }>(`SELECT COALESCE(MAX(position), -1) + 1 AS length FROM "ChatMessage" WHERE "conversationId" = $1`, [
      conversationId,
    ])
    this.knownLengths.set(conversationId, row.length)
    return row.length
  }

  /**
   * Forgets the conversation's messages from position `length` on. Applied by the conversation's next read or
   * write through this provider (a turn truncates to its checkpoint, then loads the history): the
   * load finds out whether anything is past it, so the usual turn sends no DELETE at all.
   */
  async truncate(conversationId: string, length: number): Promise<void> {
    const riding = this.riding.get(conversationId)
    if (riding) return this.truncateRiding(conversationId, riding, length)
    const known = this.knownLengths.get(conversationId)
    if (known !== undefined && known <= length) return
    this.knownLengths.delete(conversationId)
    const pending = this.pendingTruncations.get(conversationId)
    this.pendingTruncations.set(conversationId, pending === undefined ? length : Math.min(pending, length))
  }

  async saveMessages(conversationId: string | undefined, messages: readonly Message[], _access?: HistoryAccess): Promise<void> {
    if (messages.length === 0) return
    const id = conversationId ?? DEFAULT_CONVERSATION_ID
    const riding = this.riding.get(id)
    if (riding) return this.saveRiding(id, riding, messages)
    const keep = this.pendingTruncations.get(id)
    if (keep !== undefined) {
      await this.deleteFrom(id, keep)
      this.pendingTruncations.delete(id)
    }
    const roles = messages.map((message) => message.role)
    const texts = messages.map((message) => this.storedText(message))
    for (let attempt = 1; ; attempt++) {
      try {
        // One statement: the conversation's row if it is new, and the batch after the last stored position. Two writers to one
        // conversation at once (rare: a conversation's turns take turns) read the same last position; the second one's insert
        // then meets the first one's rows in the unique (conversationId, position) index, fails whole, and tries again.
        const [row] = await this.sql.query<{ length: number }>(
          `WITH conversation AS (INSERT INTO "Conversation" (id, "updatedAt") VALUES ($1, now()) ON CONFLICT (id) DO NOTHING),
           stored AS (
             INSERT INTO "ChatMessage" (id, "conversationId", position, role, message)
             SELECT gen_random_uuid(), $1, start.length + m.ordinality - 1, m.role, m.message
             FROM (SELECT COALESCE(MAX(position), -1) + 1 AS length FROM "ChatMessage" WHERE "conversationId" = $1) AS start,
                  unnest($2::text[], $3::text[]) WITH ORDINALITY AS m(role, message, ordinality)
             RETURNING position)
           SELECT MAX(position) + 1 AS length FROM stored`,
          [id, roles, texts],
        )
        this.knownLengths.set(id, row.length)
        return
      } catch (error) {
        if (!isPositionTaken(error) || attempt >= MAX_SAVE_ATTEMPTS) throw error
      }
    }
  }

  /** Not awaited: the batch commits at the superstep's end, which waits for this agent; a failure fails that batch (and the run). */
  private saveRiding(conversationId: string, riding: Riding, messages: readonly Message[]): void {
    const start = riding.length
    riding.length += messages.length
    const texts = messages.map((message) => this.storedText(message))
    for (const text of texts) {
      const parsed = parseStoredMessage(text)
      if (parsed.ok) riding.messages.push(parsed.message)
    }
    this.knownLengths.set(conversationId, riding.length)
    const roles = messages.map((message) => message.role)
    riding
      .carry((first) => ({
        sql: `history_${first} AS (
          INSERT INTO "ChatMessage" (id, "conversationId", position, role, message)
          SELECT gen_random_uuid(), $${first}::text, ($${first + 1}::int + m.ordinality - 1)::int, m.role, m.message
          FROM unnest($${first + 2}::text[], $${first + 3}::text[]) WITH ORDINALITY AS m(role, message, ordinality))`,
        params: [conversationId, start, roles, texts],
      }))
      .catch(() => {})
  }

  /**
   * Rare in a new run (a truncation goes back to a checkpoint's length); the rows past it may still be on their
   * way in the same batch, so the conversation leaves riding: its DELETE is awaited after the batch that holds them.
   */
  private async truncateRiding(conversationId: string, riding: Riding, length: number): Promise<void> {
    if (length >= riding.length) return
    this.riding.delete(conversationId)
    this.knownLengths.delete(conversationId)
    // A rider with no statement of its own would be an empty CTE: carry a no-op read, which resolves once what went before is stored.
    await riding.carry((first) => ({ sql: `history_${first} AS (SELECT $${first}::text AS conversation)`, params: [conversationId] }), { now: true })
    this.pendingTruncations.set(conversationId, length)
  }

  private storedText(message: Message): string {
    const text = JSON.stringify(message)
    // Redacted as the plain JSON value it is stored as (a message may be a class with toJSON).
    return this.redactor ? JSON.stringify(this.redactor.redactValue(JSON.parse(text))) : text
  }

  private async deleteFrom(conversationId: string, position: number): Promise<void> {
    await this.sql.query(`DELETE FROM "ChatMessage" WHERE "conversationId" = $1 AND position >= $2`, [conversationId, position])
  }
}

/** Another writer stored the same positions first (Postgres' unique violation on ChatMessage's (conversationId, position)). */
function isPositionTaken(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown }
  return code === '23505' && constraint === 'ChatMessage_conversationId_position_key'
}
