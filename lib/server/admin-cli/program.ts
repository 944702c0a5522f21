/**
 * `npm run admin -- <command>`: managing accounts from the server's shell, whether or not the web
 * server runs. Each command lives in its own module and registers itself here.
 */
import { Command } from 'commander'
import { processOutput, type CommandOutput } from './admin-context'
import { registerCreateToken } from './create-token'
import { registerCreateUser } from './create-user'
import { registerResetPassword } from './reset-password'
import { registerRotateKey } from './rotate-key'

export function buildAdminProgram(output: CommandOutput = processOutput): Command {
  const program = new Command('admin')
    .description("Agentloom's administration: accounts and tokens, on the database the app uses (DATABASE_URL, or the embedded one in .data/).")
    .showHelpAfterError('(add --help for usage)')
  registerCreateUser(program, output)
  registerCreateToken(program, output)
  registerResetPassword(program, output)
  registerRotateKey(program, output)
  return program
}
