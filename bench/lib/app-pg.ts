/**
 * The `pg` the app's modules load: the repository's own node_modules. bench/ installs a second copy for its peers
 * (DBOS depends on it), and a bench module's `import pg from 'pg'` resolves to that one, whose `Client` is another
 * class: patching its prototype would count none of the app's statements, and Prisma's adapter takes such a pool for
 * a config.
 */
import { createRequire } from 'node:module'
import type pg from 'pg'

export const appPg = createRequire(new URL('../../lib/server/db/database.ts', import.meta.url))('pg') as typeof pg
