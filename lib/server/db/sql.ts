/**
 * The little raw-SQL surface the migration applier, the job queue and the run path need, over a
 * Postgres pool (pg). Everything else goes through Prisma.
 *
 * Queries run as named prepared statements: Postgres parses and plans each text once per
 * connection instead of on every execution, which saved about a third of its CPU per run in
 * bench/run-storage-floor.ts. Every text given here is a constant of the code (parameters carry
 * the values), so the statements a connection keeps are few and bounded.
 */
import { statementName } from './statement-names'
import type { Socket } from 'node:net'
import type { Pool, QueryConfig } from 'pg'

export interface SqlRunner {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>
  /** Runs one or more statements without parameters (a migration file). */
  exec(text: string): Promise<void>
  /** Runs `work` in one transaction on one connection. */
  transaction<T>(work: (tx: Omit<SqlRunner, 'transaction' | 'transactionOf'>) => Promise<T>): Promise<T>
  /**
   * Runs the statements in one transaction and answers each one's rows, in order. Given a pipelining pool, BEGIN,
   * every statement and COMMIT are written at once and answered together: one round trip for all, where `transaction`
   * waits for each answer before sending the next. Rejects, with nothing committed, when any statement fails.
   */
  transactionOf(statements: readonly Statement[]): Promise<unknown[][]>
}

/** A statement with its parameters. */
export interface Statement {
  text: string
  params: unknown[]
}

function prepared(text: string, params: unknown[] | undefined): QueryConfig {
  return { name: statementName(text), text, values: params }
}

/**
 * `pipelined`: a pool whose connections pipeline (pg's `pipeline: true`), for transactionOf; without one, its
 * statements go one after another in a transaction of the main pool.
 */
export function pgSqlRunner(pool: Pool, { pipelined }: { pipelined?: Pool } = {}): SqlRunner {
  const runner: SqlRunner = {
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
    async transactionOf(statements) {
      if (!pipelined) {
        return runner.transaction(async (tx) => {
          const rows: unknown[][] = []
          for (const statement of statements) rows.push(await tx.query(statement.text, statement.params))
          return rows
        })
      }
      return pipelinedTransaction(pipelined, statements)
    },
  }
  return runner
}

/**
 * BEGIN, the statements and COMMIT written at once on one pipelining connection. A statement that fails aborts the
 * transaction: those after it fail too (Postgres refuses them in an aborted block) and COMMIT rolls back, so nothing
 * of the group is committed. A connection whose group failed is closed rather than reused: its state is not worth
 * trusting for the next.
 */
async function pipelinedTransaction(pool: Pool, statements: readonly Statement[]): Promise<unknown[][]> {
  const client = await pool.connect()
  let failed = false
  try {
    // Each query corks the socket around its own messages; corked around them all, the group leaves in one write (a
    // socket write is a system call, and on loopback it costs about what a small statement's execution does).
    const socket = (client as unknown as { connection?: { stream?: Partial<Pick<Socket, 'cork' | 'uncork'>> } }).connection?.stream
    socket?.cork?.()
    let begin: Promise<unknown>, answers: Promise<{ rows: unknown[] }>[], commit: Promise<unknown>
    try {
      begin = client.query('BEGIN')
      answers = statements.map((statement) => client.query(prepared(statement.text, statement.params)))
      commit = client.query('COMMIT')
    } finally {
      socket?.uncork?.()
    }
    const settled = await Promise.allSettled([begin, ...answers, commit])
    const failure = settled.find((answer): answer is PromiseRejectedResult => answer.status === 'rejected')
    if (failure) {
      failed = true
      throw failure.reason
    }
    return settled.slice(1, -1).map((answer) => (answer as PromiseFulfilledResult<{ rows: unknown[] }>).value.rows)
  } finally {
    client.release(failed)
  }
}
