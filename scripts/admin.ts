// `npm run admin -- <command> [options]`; `npm run admin -- --help` lists the commands.
import { runAdmin } from '../lib/server/admin-cli/program'

process.exitCode = await runAdmin(process.argv.slice(2), {
  env: process.env,
  io: { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) },
})
