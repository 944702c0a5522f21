// `npm run admin -- <command> [options]`; `npm run admin -- --help` lists the commands.
import { buildAdminProgram } from '../lib/server/admin-cli/program'
import { isHttpError } from '../lib/server/http-errors'
import { CommandError } from '../lib/server/admin-cli/admin-context'

try {
  await buildAdminProgram().parseAsync(process.argv)
} catch (error) {
  // Mistakes and refusals are one line; anything else is a failure worth its message too, still one line.
  const message = error instanceof CommandError || isHttpError(error) ? error.message : `unexpected failure: ${(error as Error)?.message ?? String(error)}`
  process.stderr.write(`error: ${message}\n`)
  process.exitCode = 1
}
