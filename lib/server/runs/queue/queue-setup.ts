/**
 * graphile-worker's schema and logging. Every process that opens the app's database migrates the
 * queue's schema too (graphile serialises concurrent migrators), so a web process can queue runs
 * with plain SQL (run-queue.ts) before any worker has started.
 */
import { Logger, runMigrations } from 'graphile-worker'
import type pg from 'pg'

/** Graphile's own lines are debugging detail; warnings and errors go to the console. */
export const queueLogger: Logger = new Logger(() => (level, message) => {
  if (level === 'error') console.error(`[queue] ${message}`)
  else if (level === 'warning') console.warn(`[queue] ${message}`)
})

/** Creates or updates graphile-worker's schema. */
export async function migrateQueue(pool: pg.Pool): Promise<void> {
  await runMigrations({ pgPool: pool, logger: queueLogger })
}
