/**
 * A bench database opened in the bench's own process the way the app opens it: the app's
 * `openDatabase` (on the embedded kind, this process starts the server and stops it on close), the
 * app's migrations (lib/server/db/migrate.ts) and graphile-worker's schema (queue-setup.ts).
 */
import { join } from 'node:path'
import { databaseOptionsFromEnv, openDatabase, type Database } from '../../../lib/server/db/database'
import { applyMigrations } from '../../../lib/server/db/migrate'
import { migrateQueue } from '../../../lib/server/runs/queue/queue-setup'
import { ROOT, type BenchDatabase } from './app-processes'

export async function openAppDatabase(database: BenchDatabase): Promise<Database> {
  // The app's default migrations folder is relative to the working directory; the bench may run from anywhere.
  const db = await openDatabase({ ...databaseOptionsFromEnv(database.appEnv), migrate: false })
  try {
    await applyMigrations(db.sql, join(ROOT, 'prisma', 'migrations'))
    await migrateQueue(db.pool)
    return db
  } catch (error) {
    await db.close()
    throw error
  }
}
