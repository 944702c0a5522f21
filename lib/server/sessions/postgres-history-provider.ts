/**
 * Conversation history in Postgres (AgentSession + ChatMessage rows), for the app's agents.
 * Same contract as lib/core's in-memory and JSONL providers: messages come back in the order
 * they were stored; a row that no longer parses is reported and skipped, the rest still load.
 */
import { HistoryProvider, parseStoredMessage, type HistoryAccess, type HistoryProviderOptions, type Message } from '@/lib/core'
import type { Prisma } from '../db/database'

const DEFAULT_SESSION_ID = 'default'
const UNIQUE_VIOLATION = 'P2002'
const MAX_SAVE_ATTEMPTS = 5

export interface PostgresHistoryProviderOptions extends HistoryProviderOptions {
  /** Told about stored rows that are not valid messages (they are skipped). */
  onCorruptMessage?: (problem: { sessionId: string; position: number; problem: string }) => void
}

export class PostgresHistoryProvider extends HistoryProvider {
  private readonly onCorruptMessage: NonNullable<PostgresHistoryProviderOptions['onCorruptMessage']>

  constructor(
    private readonly prisma: Prisma,
    options: PostgresHistoryProviderOptions = {},
  ) {
    super('postgres_history', options)
    this.onCorruptMessage =
      options.onCorruptMessage ??
      (({ sessionId, position, problem }) => console.warn(`[history] session ${sessionId}, message ${position}: ${problem}; skipped`))
  }

  async getMessages(sessionId: string | undefined, _access?: HistoryAccess): Promise<Message[]> {
    const id = sessionId ?? DEFAULT_SESSION_ID
    const rows = await this.prisma.chatMessage.findMany({ where: { sessionId: id }, orderBy: { position: 'asc' }, select: { position: true, message: true } })
    const messages: Message[] = []
    for (const row of rows) {
      const parsed = parseStoredMessage(row.message)
      if (parsed.ok) messages.push(parsed.message)
      else this.onCorruptMessage({ sessionId: id, position: row.position, problem: parsed.problem })
    }
    return messages
  }

  /** How many messages the session holds (positions are 0…n-1). */
  async length(sessionId: string): Promise<number> {
    const last = await this.prisma.chatMessage.findFirst({ where: { sessionId }, orderBy: { position: 'desc' }, select: { position: true } })
    return (last?.position ?? -1) + 1
  }

  /** Forgets the session's messages from position `length` on. */
  async truncate(sessionId: string, length: number): Promise<void> {
    await this.prisma.chatMessage.deleteMany({ where: { sessionId, position: { gte: length } } })
  }

  async saveMessages(sessionId: string | undefined, messages: readonly Message[], _access?: HistoryAccess): Promise<void> {
    if (messages.length === 0) return
    const id = sessionId ?? DEFAULT_SESSION_ID
    for (let attempt = 1; ; attempt++) {
      try {
        await this.prisma.$transaction(async (tx) => {
          // The session's row in one statement (Prisma's upsert would take two or three; a turn stores its messages here).
          await tx.$executeRaw`INSERT INTO "AgentSession" (id, "updatedAt") VALUES (${id}, now()) ON CONFLICT (id) DO NOTHING`
          // Writers to one session take turns: the row lock holds until this transaction ends. The last position is read
          // after the lock, by a statement of its own, so that it sees what the writer before this one stored.
          await tx.$queryRaw`SELECT id FROM "AgentSession" WHERE id = ${id} FOR UPDATE`
          const last = await tx.chatMessage.findFirst({ where: { sessionId: id }, orderBy: { position: 'desc' }, select: { position: true } })
          const start = (last?.position ?? -1) + 1
          await tx.chatMessage.createMany({
            data: messages.map((message, index) => ({ sessionId: id, position: start + index, role: message.role, message: JSON.stringify(message) })),
          })
        })
        return
      } catch (error) {
        // Two writers created the same new session at once: the loser tries again.
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt >= MAX_SAVE_ATTEMPTS) throw error
      }
    }
  }
}
