/**
 * The little raw-SQL surface the migration applier, the job queue and the run path need, over a
 * Postgres pool (pg). Everything else goes through Prisma.
 *
 * Queries run as named prepared statements: Postgres parses and plans each text once per
 * connection instead of on every execution, which saved about a third of its CPU per run in
 * bench/run-storage-floor.ts. Every text given here is a constant of the code (parameters carry
 * the values), so the statements a connection keeps are few and bounded.
 */
import { createHash } from 'node:crypto'
import type { Pool, QueryConfig } from 'pg'

export interface SqlRunner {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>
  /** Runs one or more statements without parameters (a migration file). */
  exec(text: string): Promise<void>
  /** Runs `work` in one transaction on one connection. */
  transaction<T>(work: (tx: Omit<SqlRunner, 'transaction'>) => Promise<T>): Promise<T>
}

const statementNames = new Map<string, string>()

/** The statement's name: the same text always gets the same one, in every process. */
function statementName(text: string): string {
  let name = statementNames.get(text)
  if (name === undefined) {
    name = `al_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`
    statementNames.set(text, name)
  }
  return name
}

function prepared(text: string, params: unknown[] | undefined): QueryConfig {
  return { name: statementName(text), text, values: params }
}

export function pgSqlRunner(pool: Pool): SqlRunner {
  return {
    async query(text, params) {
      return (await pool.query(prepared(text, params))).rows
    },
    async exec(text) {
      await pool.query(text)
    },
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work({
          query: async (text, params) => (await client.query(prepared(text, params))).rows,
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
