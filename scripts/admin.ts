// `npm run admin -- <command> [options]`; `npm run admin -- --help` lists the commands.
import { buildAdminProgram } from '../lib/server/admin-cli/program'
import { isDomainError } from '../lib/server/domain-errors'
import { CommandError } from '../lib/server/admin-cli/admin-context'

try {
  await buildAdminProgram().parseAsync(process.argv)
} catch (error) {
  // Mistakes and refusals are one line; anything else is a failure worth its message too, still one line.
  const message = error instanceof CommandError || isDomainError(error) ? error.message : `unexpected failure: ${(error as Error)?.message ?? String(error)}`
  process.stderr.write(`error: ${message}\n`)
  process.exitCode = 1
}
