/**
 * `npm run admin -- <command>`: managing accounts from the server's shell, whether or not the web
 * server runs. Each command lives in its own module and registers itself here. The environment and
 * the output streams are arguments, so that tests run most commands in their own process
 * (scripts/admin.ts passes the process's).
 */
import { Command, CommanderError } from 'commander'
import { isDomainError } from '../domain-errors'
import { CommandError, type AdminEnv, type CommandOutput } from './admin-context'
import { registerCreateToken } from './create-token'
import { registerCreateUser } from './create-user'
import { registerResetPassword } from './reset-password'
import { registerRotateKey } from './rotate-key'

export interface AdminIo {
  out(text: string): void
  err(text: string): void
}

export interface AdminContext {
  io: AdminIo
  env: AdminEnv
}

export function buildAdminProgram({ io, env }: AdminContext): Command {
  const output: CommandOutput = { result: (line) => io.out(`${line}\n`), note: (line) => io.err(`${line}\n`) }
  // Before the commands are registered: they inherit where commander writes and that it throws instead of exiting.
  const program = new Command('admin')
    .description("Agentloom's administration: accounts and tokens, on the database the app uses (DATABASE_URL, or the embedded one in .data/).")
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) })
    .exitOverride()
  registerCreateUser(program, output, env)
  registerCreateToken(program, output, env)
  registerResetPassword(program, output, env)
  registerRotateKey(program, output, env)
  return program
}

/** Runs one command line (the arguments after the script's name) and returns its exit code. */
export async function runAdmin(args: readonly string[], context: AdminContext): Promise<number> {
  try {
    await buildAdminProgram(context).parseAsync(args, { from: 'user' })
    return 0
  } catch (error) {
    // Usage mistakes and --help: commander has written what it had to say.
    if (error instanceof CommanderError) return error.exitCode
    // Mistakes and refusals are one line; anything else is a failure worth its message too, still one line.
    const message = error instanceof CommandError || isDomainError(error) ? error.message : `unexpected failure: ${(error as Error)?.message ?? String(error)}`
    context.io.err(`error: ${message}\n`)
    return 1
  }
}
