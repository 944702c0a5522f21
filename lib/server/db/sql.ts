/**
 * The little raw-SQL surface the migration applier and the job queue need, over a Postgres pool
 * (pg). Everything else goes through Prisma.
 */
import type { Pool } from 'pg'

export interface SqlRunner {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>
  /** Runs one or more statements without parameters (a migration file). */
  exec(text: string): Promise<void>
  /** Runs `work` in one transaction on one connection. */
  transaction<T>(work: (tx: Omit<SqlRunner, 'transaction'>) => Promise<T>): Promise<T>
}

export function pgSqlRunner(pool: Pool): SqlRunner {
  return {
    async query(text, params) {
      return (await pool.query(text, params as unknown[])).rows
    },
    async exec(text) {
      await pool.query(text)
    },
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work({
          query: async (text, params) => (await client.query(text, params as unknown[])).rows,
          exec: async (text) => void (await client.query(text)),
        })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
  }
}
