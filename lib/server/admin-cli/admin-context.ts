/**
 * What every admin command runs on: the installation's own database (DATABASE_URL, or the embedded
 * server in the data folder, shared with a running web server) and its master key, opened for
 * one command and closed after it.
 */
import type { z } from 'zod'
import { assembleAppContext, type AppContext } from '../app-context'
import { databaseOptionsFromEnv, openDatabase } from '../db/database'
import { loadMasterKey } from '../secrets/master-key'

/** A mistake of the person typing the command: printed as one line, exit code 1. */
export class CommandError extends Error {}

export interface CommandOutput {
  /** What scripts capture (a token, a link): standard output. */
  result(line: string): void
  /** What people read: standard error, so it never mixes into a captured result. */
  note(line: string): void
}

export const processOutput: CommandOutput = {
  result: (line) => process.stdout.write(`${line}\n`),
  note: (line) => process.stderr.write(`${line}\n`),
}

export type AdminApp = Pick<AppContext, 'db' | 'auth' | 'apiTokens'>

export async function withAdminApp<T>(work: (app: AdminApp) => Promise<T>): Promise<T> {
  const masterKey = loadMasterKey()
  // Why the database cannot be opened is a sentence for the person typing (its cause and fix): said as it is.
  const db = await openDatabase(databaseOptionsFromEnv()).catch((error: unknown) => {
    throw new CommandError(`cannot open the database: ${error instanceof Error ? error.message : String(error)}`)
  })
  try {
    return await work(assembleAppContext(db, masterKey))
  } finally {
    await db.close()
  }
}

/** Checks an option with the same rules as the web forms. */
export function checkOption<S extends z.ZodType>(schema: S, value: unknown, option: string): z.output<S> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) throw new CommandError(`${option}: ${parsed.error.issues[0]?.message ?? 'not valid'}`)
  return parsed.data
}

export async function findUserByEmail(app: AdminApp, email: string) {
  const user = await app.db.prisma.user.findUnique({ where: { email } })
  if (!user) throw new CommandError(`No user has the address ${email}.`)
  return user
}
