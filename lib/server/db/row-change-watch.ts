/**
 * Hears every change to the rows a process keeps in memory because it reads them on every API call
 * (watched-cache.ts): the principal an API token stands for and a browser session's workspaces
 * (`principals`), the agents a Responses request names (`agents`), and browser sessions as Better Auth
 * last found them (`sessions`). Triggers announce each change, whatever made it (migrations row_changes
 * and session_changes):
 * - a NOTICE to the connection that made it, before its statement returns: this process forgets what
 *   it changed itself before it can answer anyone again;
 * - a NOTIFY on `ROW_CHANGES_CHANNEL` once it commits: every other process forgets within the
 *   notification's delivery (milliseconds).
 * What is kept is trusted only while the notifications can be heard: before the LISTEN is in place,
 * and from the listening connection's loss until it is back, nothing is kept (`generation` is
 * undefined), and each loss and return counts as a change of everything.
 */
import type { Database } from './database'
import type { PgNotifications } from './pg-notifications'

export const ROW_CHANGES_CHANNEL = 'agentloom_row_changes'
const NOTICE_PREFIX = `${ROW_CHANGES_CHANNEL}:`

/** What a trigger names in its announcement (its argument: one, or several joined by commas). */
export type WatchedRows = 'principals' | 'agents' | 'sessions'
const WATCHED: readonly WatchedRows[] = ['principals', 'agents', 'sessions']

export class RowChangeWatch {
  private readonly generations: Record<WatchedRows, number> = { principals: 0, agents: 0, sessions: 0 }
  private started = false

  constructor(
    private readonly notifications: Pick<PgNotifications, 'listen' | 'isListening' | 'onLost' | 'onReconnect'>,
    private readonly database: Pick<Database, 'onNotice'>,
  ) {}

  /**
   * A number that changes whenever what was read of `rows` may have changed since; undefined while changes cannot be
   * heard, when nothing may be kept. The first call starts listening (the process's LISTEN connection opens then).
   */
  generation(rows: WatchedRows): number | undefined {
    if (!this.started) this.start()
    return this.notifications.isListening(ROW_CHANGES_CHANNEL) ? this.generations[rows] : undefined
  }

  private start(): void {
    this.started = true
    this.database.onNotice((message) => {
      if (message.startsWith(NOTICE_PREFIX)) this.changed(message.slice(NOTICE_PREFIX.length))
    })
    this.notifications.onLost(() => this.changed(WATCHED.join(',')))
    this.notifications.onReconnect(() => this.changed(WATCHED.join(',')))
    // listen() reports its own failure and gives up the connection it failed on; the reconnect listens again. Until
    // the LISTEN is in place nothing is kept.
    void this.notifications.listen(ROW_CHANGES_CHANNEL, (payload) => this.changed(payload))
  }

  private changed(payload: string): void {
    for (const rows of payload.split(',')) if ((WATCHED as readonly string[]).includes(rows)) this.generations[rows as WatchedRows]++
  }
}
