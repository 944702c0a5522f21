/**
 * What every admin command runs on: the installation's own database (DATABASE_URL, or the embedded
 * server in the data folder, shared with a running web server) and its master key, opened for
 * one command and closed after it.
 */
import type { z } from 'zod'
import { assembleAppContext } from '../app-assembly'
import { type AppContext } from '../app-context'
import { oidcConfigFromEnv } from '../auth/auth'
import { sessionLifetimeFromEnv } from '../auth/session-lifetime'
import { databaseOptionsFromEnv, openDatabase } from '../db/database'
import { OutboundPolicy } from '../outbound/outbound-policy'
import { removeLogRedaction } from '../secrets/log-redaction'
import { loadMasterKey } from '../secrets/master-key'

/** A mistake of the person typing the command: printed as one line, exit code 1. */
export class CommandError extends Error {}

export interface CommandOutput {
  /** What scripts capture (a token, a link): standard output. */
  result(line: string): void
  /** What people read: standard error, so it never mixes into a captured result. */
  note(line: string): void
}

/** The variables a command reads (the database, the master key, the public address): the process's, or a test's. */
export type AdminEnv = Readonly<Record<string, string | undefined>>

export type AdminApp = Pick<AppContext, 'db' | 'auth' | 'apiTokens'>

export async function withAdminApp<T>(env: AdminEnv, work: (app: AdminApp) => Promise<T>): Promise<T> {
  const masterKey = loadMasterKey(env)
  // Why the database cannot be opened is a sentence for the person typing (its cause and fix): said as it is.
  const db = await openDatabase(databaseOptionsFromEnv(env)).catch((error: unknown) => {
    throw new CommandError(`cannot open the database: ${error instanceof Error ? error.message : String(error)}`)
  })
  const app = assembleAppContext(db, masterKey, {
    oidc: oidcConfigFromEnv(env),
    outbound: OutboundPolicy.fromEnv(env),
    sessionLifetime: sessionLifetimeFromEnv(env),
    publicUrl: env.AGENTLOOM_PUBLIC_URL || undefined,
  })
  try {
    return await work(app)
  } finally {
    // The console's redaction of this command's secrets ends with it (a test runs many commands in one process).
    removeLogRedaction(app.secrets)
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
