/**
 * `agentloom run <workflow.json> --input <text|json>`: runs a workflow document in this process with
 * lib/graph's compiler and lib/core alone — no server, no database. Agents use the demo model, or
 * OpenAI when OPENAI_API_KEY is set (exactly as the app's worker chooses). Progress goes to stderr
 * as it happens (a line per superstep and executor, agent text as it streams); the outputs go to
 * stdout, so `agentloom run flow.json --input x > answer.txt` keeps only the answer. With `--json`
 * every event is a JSON line on stdout, and the last line is the result.
 *
 * When the workflow stops for a person (a tool call that needs consent, a human-input step) the
 * questions are answered through TerminalApprovals and the run continues in the same process.
 * A start node that declares input fields takes `--input` as a JSON object with them, checked
 * before anything starts (as the server checks a run it is asked to start).
 */
import { isUserError, type MCPTool, type RequestInfoEvent } from '@/lib/core'
import { GraphCompileError, builtinFunctionTool, chatClientFor, collectMcpServerIds, collectSkillIds, compile, runInputProblems, validate } from '@/lib/graph'
import { CliError, EXIT_FAILED, EXIT_OK, usageError, type CliIo } from './cli-io'
import { createMcpTools, readMcpConfig } from './mcp-config'
import { describeProblem } from './validate-command'
import { TerminalApprovals, type ApprovalFlags } from './terminal-approvals'
import { readWorkflowFile } from './workflow-file'
import { RunPrinter } from './run-printer'

export interface RunCommandOptions extends ApprovalFlags {
  input: string
  json: boolean
  mcpConfig?: string
  signal?: AbortSignal
  env?: NodeJS.ProcessEnv
}

/** The request data lib/core's agent executor and lib/graph's human_input node produce. */
type RequestData = { type?: string; functionCall?: { name?: string; arguments?: unknown }; prompt?: string }

export async function runCommand(io: CliIo, file: string, options: RunCommandOptions): Promise<number> {
  const checked = validate(await readWorkflowFile(file))
  if (!checked.document || !checked.ok) {
    for (const problem of checked.problems) io.err(`${file}: ${describeProblem(problem)}\n`)
    throw usageError(`${file} cannot run: fix the errors above (agentloom validate ${file} lists them).`)
  }
  const document = checked.document
  if (collectSkillIds(document).length > 0) throw usageError('The workflow uses skills, which live in the app: the command line runs workflows without skills.')
  const inputProblems = runInputProblems(document, options.input)
  if (inputProblems.length > 0) {
    for (const problem of inputProblems) io.err(`--input: ${problem.message}\n`)
    throw usageError(`${file} declares its input: give --input as a JSON object with its fields.`)
  }

  const approvals = new TerminalApprovals(io, options)
  const env = options.env ?? process.env
  const mcpConfig = options.mcpConfig ? await readMcpConfig(options.mcpConfig) : undefined
  const mcpTools = createMcpTools(collectMcpServerIds(document), mcpConfig, {
    client: chatClientFor({ provider: 'default' }, env),
    samplingApprovalCallback: approvals.sampling,
    elicitationCallback: approvals.elicitation,
  })
  const printer = new RunPrinter(io, options.json)
  try {
    await connectAll(mcpTools)
    const workflow = compileOrExplain(() =>
      compile(document, {
        chatClient: (settings) => chatClientFor(settings, env),
        mcpServer: (id) => mcpTools.get(id)!,
        functionTool: builtinFunctionTool,
      }),
    )
    let stream = workflow.runStream(options.input, { signal: options.signal })
    for (;;) {
      const pending: RequestInfoEvent[] = []
      for await (const event of stream) {
        printer.event(event)
        if (event.type === 'request_info') pending.push(event)
      }
      if (printer.failure !== undefined) break
      if (pending.length === 0) break
      const responses: Record<string, unknown> = {}
      for (const request of pending) responses[request.requestId] = await answer(approvals, request)
      stream = workflow.runStream(undefined, { responses, signal: options.signal })
    }
  } catch (error) {
    if (error instanceof CliError && error.exitCode !== EXIT_FAILED) throw error
    printer.fail(error instanceof Error ? error.message : String(error))
  } finally {
    await Promise.allSettled([...mcpTools.values()].map((tool) => tool.close()))
  }
  printer.result()
  return printer.failure === undefined ? EXIT_OK : EXIT_FAILED
}

async function connectAll(tools: Map<string, MCPTool>): Promise<void> {
  for (const [id, tool] of tools) {
    try {
      await tool.connect()
    } catch (error) {
      throw new CliError(`Cannot connect to the MCP server '${id}': ${(error as Error).message}`)
    }
  }
}

/** Compile errors are about the document (exit 2); anything else is a failure of the run. */
function compileOrExplain<T>(build: () => T): T {
  try {
    return build()
  } catch (error) {
    if (error instanceof GraphCompileError || isUserError(error)) throw usageError((error as Error).message)
    throw error
  }
}

async function answer(approvals: TerminalApprovals, request: RequestInfoEvent): Promise<unknown> {
  const data = request.data as RequestData | null
  if (data?.type === 'function_approval_request') return approvals.toolCall(String(data.functionCall?.name ?? 'a tool'), data.functionCall?.arguments)
  const text = await approvals.humanInput(data?.type === 'human_input' ? String(data.prompt ?? '') : '')
  // As in the app: an input step nobody answered fails the run, there is nothing to pass on.
  if (text === undefined) throw new CliError(`The input step '${request.executorId}' got no answer.`)
  return text
}
