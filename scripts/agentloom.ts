// The `agentloom` command (bin/agentloom.mjs loads this with tsx); `agentloom --help` lists the commands.
import { processIo } from '../lib/cli/cli-io'
import { runCli } from '../lib/cli/program'

const controller = new AbortController()
process.once('SIGINT', () => controller.abort(new Error('Interrupted.')))
process.exitCode = await runCli(process.argv.slice(2), { io: processIo(), signal: controller.signal })
