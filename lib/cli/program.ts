/**
 * `agentloom`: the command line. `run`, `validate` and `export-ts` work on a workflow document alone (no server,
 * no database); `workflows`, `runs`, `approvals`, `schedules`, `hooks` and `eval` talk to a running server with an API token.
 * Exit codes: 0 ok, 1 the run (or request) failed, 2 a usage mistake or invalid input.
 */
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander'
import { CliError, EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './cli-io'
import { startDebugRun, type DebugRunOptions } from './debug-command'
import { evalCommand } from './eval-command'
import { exportTsCommand } from './export-ts-command'
import { runCommand } from './run-command'
import { ServerClient } from './server-client'
import { answerApproval, followRun, forkRun, listApprovals, listWorkflows, startRun } from './server-commands'
import { validateCommand } from './validate-command'
import { registerTriggerCommands } from './trigger-commands'

interface GlobalOptions {
  json: boolean
  server?: string
  token?: string
}

const collect = (value: string, previous: string[]) => [...previous, value]

function minScore(value: string): number {
  const parsed = Number(value)
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0 || parsed > 1) throw new InvalidArgumentError('must be a number from 0 to 1.')
  return parsed
}

function positiveInt(value: string): number {
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('must be a whole number from 1.')
  return parsed
}

function nonNegativeInt(value: string): number {
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0) throw new InvalidArgumentError('must be a whole number from 0.')
  return parsed
}

export interface CliContext {
  io: CliIo
  env?: NodeJS.ProcessEnv
  /** Aborted on Ctrl-C: a local run stops between steps. */
  signal?: AbortSignal
}

export function buildCliProgram({ io, env = process.env, signal }: CliContext, done: (code: number) => void): Command {
  const program = new Command('agentloom')
    .description('Run and validate Agentloom workflow documents, or drive a running Agentloom server.')
    .option('--json', 'print JSON for scripts (one value per line) instead of text', false)
    .option('--server <url>', 'the Agentloom server (default: $AGENTLOOM_SERVER)')
    .option('--token <token>', 'a personal API token (default: $AGENTLOOM_TOKEN)')
    .showHelpAfterError()
    .configureOutput({ writeOut: (text) => io.out(text), writeErr: (text) => io.err(text) })
    .exitOverride()

  const globals = (command: Command) => command.optsWithGlobals<GlobalOptions>()
  const client = (command: Command) => ServerClient.from(globals(command), env)
  const finish = (work: Promise<number>) => work.then(done)

  program
    .command('run')
    .description('Run a workflow document here, without a server: events on stderr as they happen, outputs on stdout.')
    .argument('<workflow.json>', 'the workflow document (as exported from the editor)')
    .option('-i, --input <text>', "the run's input: text, or a JSON object when the start node declares input fields", '')
    .option('--approve-tools', 'approve every tool call that needs consent (default: ask on a terminal, else deny)', false)
    .option('--approve-sampling', "approve MCP servers' sampling requests (default: ask on a terminal, else deny)", false)
    .option('--answer <text>', 'the reply to the next human-input step (repeat for several; default: ask on a terminal, else fail)', collect, [])
    .option('--mcp-config <file.json>', 'what the MCP server ids the document uses are here: {"mcpServers": {"<id>": {"command", "args"} | {"url"}}}')
    .addHelpText('after', '\nModel: OpenAI when OPENAI_API_KEY is set (OPENAI_BASE_URL, OPENAI_MODEL optional), else the offline demo model.')
    .action(
      (file: string, options: { input: string; approveTools: boolean; approveSampling: boolean; answer: string[]; mcpConfig?: string }, command: Command) =>
        finish(
          runCommand(io, file, {
            input: options.input,
            json: globals(command).json,
            approveTools: options.approveTools,
            approveSampling: options.approveSampling,
            answers: options.answer,
            mcpConfig: options.mcpConfig,
            signal,
            env,
          }),
        ),
    )

  program
    .command('validate')
    .description('Print the problems the editor shows for a workflow document; exit 1 if any is an error.')
    .argument('<workflow.json>', 'the workflow document')
    .action((file: string, _options: unknown, command: Command) => finish(validateCommand(io, file, { json: globals(command).json })))

  program
    .command('export-ts')
    .description('Write the TypeScript the editor exports: a file that builds the workflow with lib/core and runs with `npx tsx file.ts "input"`.')
    .argument('<workflow.json>', 'the workflow document (bare, or as exported from the editor)')
    .option('-o, --output <file.ts>', 'write the file here (default: stdout)')
    .option('--name <name>', "the workflow's name in the file (default: the exported file's name)")
    .option('--core-import <specifier>', "the module the file imports lib/core from (default: '@/lib/core', as inside this repository)")
    .option('--mcp-config <file.json>', 'the MCP servers the document uses, as for `run` (commands and URLs only: no env values or headers)')
    .option('--standalone', 'also write agentloom-runtime.mjs beside the -o file, so that it runs outside this repository (its header says what to install)')
    .action((file: string, options: { output?: string; name?: string; coreImport?: string; mcpConfig?: string; standalone?: boolean }, command: Command) =>
      finish(exportTsCommand(io, file, { json: globals(command).json, ...options })),
    )

  const workflows = program.command('workflows').description('Workflows on the server.')
  workflows
    .command('list')
    .description('List your workflows: id, name, latest version.')
    .action((_options: unknown, command: Command) => finish(listWorkflows(io, client(command), { json: globals(command).json })))

  const runs = program.command('runs').description('Runs on the server.')
  runs
    .command('start')
    .description("Start a run of a saved workflow; prints the run's id (and follows it with --follow).")
    .argument('<workflowId>', 'the workflow id (agentloom workflows list)')
    .option('-i, --input <text>', "the run's input", '')
    .option('--version <n>', 'the version to run (default: the latest)', positiveInt)
    .option('-f, --follow', 'follow the run until it ends (exit 1 unless it succeeds)', false)
    .action((workflowId: string, options: { input: string; version?: number; follow: boolean }, command: Command) =>
      finish(startRun(io, client(command), workflowId, { ...options, json: globals(command).json })),
    )
  runs
    .command('fork')
    .description("Start a new run from one of a run's checkpoints (agentloom runs fork <run> --at 2 --edit edits.json)")
    .argument('<runId>', 'the run to fork')
    .requiredOption('--at <superstep>', 'the superstep whose checkpoint the fork starts from (0: the input taken)', nonNegativeInt)
    .option('--edit <file.json>', 'edits to the checkpoint: a JSON array like [{"op":"replace_message","index":0,"data":"…"}]')
    .option('--version <n>', "the workflow version to run (default: the run's; its graph must have the same shape)", positiveInt)
    .option('-f, --follow', 'follow the fork until it ends (exit 1 unless it succeeds)', false)
    .action((runId: string, options: { at: number; edit?: string; version?: number; follow: boolean }, command: Command) =>
      finish(forkRun(io, client(command), runId, { ...options, json: globals(command).json })),
    )
  runs
    .command('debug')
    .description("Start a debug run: it pauses at each --break (go on from the run's page); prints its id and page.")
    .argument('<workflowId>', 'the workflow id (agentloom workflows list)')
    .option('-i, --input <text>', "the run's input", '')
    .option('--version <n>', 'the version to run (default: the latest)', positiveInt)
    .option('--break <nodeId[:before|after]>', 'pause before (default) or after this node; repeat for more', collect, [])
    .option('--pin <nodeId=file.json>', "send this JSON instead of running the node (the workflow's own pins apply too); repeat for more", collect, [])
    .action((workflowId: string, options: Omit<DebugRunOptions, 'json'>, command: Command) =>
      finish(startDebugRun(io, client(command), workflowId, { ...options, json: globals(command).json })),
    )
  runs
    .command('follow')
    .description("Print a run's events from the start until it ends; exit 1 unless it succeeds.")
    .argument('<runId>', 'the run id')
    .action((runId: string, _options: unknown, command: Command) => finish(followRun(io, client(command), runId, { json: globals(command).json })))

  const approvals = program.command('approvals').description('Approvals on the server: tool calls, sampling, human input.')
  approvals
    .command('list')
    .description('List your approvals.')
    .addOption(new Option('--status <status>', 'only these').choices(['pending', 'approved', 'denied', 'expired']))
    .action((options: { status?: string }, command: Command) => finish(listApprovals(io, client(command), { ...options, json: globals(command).json })))
  approvals
    .command('answer')
    .description('Approve or deny an approval (with --text for a human-input reply).')
    .argument('<approvalId>', 'the approval id (agentloom approvals list)')
    .option('--approve', 'approve it')
    .option('--deny', 'deny it')
    .option('--reason <text>', 'why (kept with the decision)')
    .option('--text <text>', 'the reply to a human-input step')
    .action((id: string, options: { approve?: boolean; deny?: boolean; reason?: string; text?: string }, command: Command) =>
      finish(answerApproval(io, client(command), id, { ...options, json: globals(command).json })),
    )

  registerTriggerCommands(program, { io, client, json: (command) => globals(command).json, finish })

  program
    .command('eval')
    .description(
      'Run a workflow or agent version over a dataset on the server, score every run, print the rows and aggregates; exit 1 when the mean score is below --min-score or a row regressed against --baseline.',
    )
    .argument('<target>', 'a workflow or agent, by name or id, optionally @version (default: the latest)')
    .requiredOption('--dataset <name>', 'the dataset, by name or id')
    .option('--baseline <experimentId>', 'compare with this experiment: exit 1 if any row scores lower')
    .option('--min-score <n>', 'exit 1 if the mean score (0 to 1) is below this', minScore)
    .option(
      '--evaluator <file.json>',
      'evaluator specs (one object or a list) from this file; repeat for more (default: contains the expected answer)',
      collect,
      [],
    )
    .option('--trials <n>', 'runs per row (1 to 5)', positiveInt)
    .option('--concurrency <n>', 'runs at once (1 to 16)', positiveInt)
    .action(
      (
        target: string,
        options: { dataset: string; baseline?: string; minScore?: number; evaluator: string[]; trials?: number; concurrency?: number },
        command: Command,
      ) => finish(evalCommand(io, client(command), target, { ...options, json: globals(command).json })),
    )

  return program
}

/** Parses `argv` (without node and the script), runs the command, and answers its exit code. */
export async function runCli(argv: readonly string[], context: CliContext): Promise<number> {
  let code = EXIT_OK
  const program = buildCliProgram(context, (result) => {
    code = result
  })
  try {
    await program.parseAsync([...argv], { from: 'user' })
    return code
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit 0; every other parse failure is a usage mistake.
      return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE
    }
    if (error instanceof CliError) {
      context.io.err(`error: ${error.message}\n`)
      return error.exitCode
    }
    context.io.err(`error: ${(error as Error)?.message ?? String(error)}\n`)
    return EXIT_FAILED
  }
}
