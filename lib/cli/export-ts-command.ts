/**
 * `agentloom export-ts <file>`: the TypeScript the editor's "Export as TypeScript" writes — a file that builds
 * the same workflow with lib/core and runs it with `npx tsx file.ts "input"`. The MCP servers the document
 * names come from `--mcp-config` (as for `run`); environment values and headers are not written into the
 * file, because they are usually secrets. `--standalone` writes agentloom-runtime.mjs (the app's runtime,
 * bundled) beside the file, which then runs in any folder after the `npm install` line of its header.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { GraphCompileError, validate } from '@/lib/graph'
import { STANDALONE_INSTALL, STANDALONE_RUNTIME_FILE } from '@/lib/graph/export-runtime-packages'
import { exportWorkflowAsTypeScript, type ExportedMcpServer } from '@/lib/graph/export-typescript'
import { EXIT_FAILED, EXIT_OK, jsonLine, usageError, type CliIo } from './cli-io'
import { readMcpConfig, type McpConfig } from './mcp-config'
import { describeProblem } from './validate-command'
import { readWorkflowFileContents } from './workflow-file'

export interface ExportTsOptions {
  json: boolean
  /** Where to write the file; stdout without it. */
  output?: string
  name?: string
  /** The module specifier the file imports lib/core from. */
  coreImport?: string
  mcpConfig?: string
  /** Import the runtime from agentloom-runtime.mjs, written beside `output`. */
  standalone?: boolean
}

export async function exportTsCommand(io: CliIo, file: string, options: ExportTsOptions): Promise<number> {
  if (options.standalone && !options.output)
    throw usageError('--standalone writes two files: give the TypeScript file with -o, the runtime is written beside it.')
  if (options.standalone && options.coreImport) throw usageError('--standalone imports lib/core from the bundled runtime: leave out --core-import.')
  const contents = await readWorkflowFileContents(file)
  const checked = validate(contents.document)
  if (!checked.ok || !checked.document) {
    for (const problem of checked.problems) io.err(`${file}: ${describeProblem(problem)}\n`)
    io.err(`${file} cannot be exported: fix the errors above.\n`)
    return EXIT_FAILED
  }
  const mcpServers = options.mcpConfig ? exportedServers((await readMcpConfig(options.mcpConfig)).config) : undefined
  let source: string
  try {
    source = exportWorkflowAsTypeScript(checked.document, {
      name: options.name ?? contents.name,
      coreImport: options.coreImport,
      mcpServers,
      standalone: options.standalone,
    })
  } catch (error) {
    if (!(error instanceof GraphCompileError)) throw error
    io.err(`${file}: ${error.message}\n`)
    return EXIT_FAILED
  }
  const runtime = options.standalone && options.output ? path.join(path.dirname(options.output), STANDALONE_RUNTIME_FILE) : undefined
  if (runtime) {
    // Loaded only here: esbuild is for the standalone export, not for every command.
    const { bundleExportRuntime } = await import('@/lib/graph/export-runtime-bundle')
    await writeFile(runtime, await bundleExportRuntime())
  }
  if (options.output) await writeFile(options.output, source)
  else if (!options.json) io.out(source)
  if (options.json) io.out(jsonLine({ file, ok: true, ...(options.output ? { output: options.output } : { source }), ...(runtime ? { runtime } : {}) }))
  else if (runtime) io.err(`Wrote ${options.output} and ${runtime}. In that folder, once: ${STANDALONE_INSTALL}\n`)
  return EXIT_OK
}

function exportedServers(config: McpConfig): Record<string, ExportedMcpServer> {
  const servers: Record<string, ExportedMcpServer> = {}
  for (const [id, entry] of Object.entries(config.mcpServers)) {
    if ('url' in entry) {
      if (entry.headers) throw usageError(`The MCP server '${id}' has headers: an exported file does not carry them (they are usually secrets).`)
      servers[id] = { transport: 'http', url: entry.url }
    } else {
      if (entry.env) throw usageError(`The MCP server '${id}' has environment values: an exported file does not carry them (they are usually secrets).`)
      servers[id] = { transport: 'stdio', command: entry.command, args: entry.args, ...(entry.cwd ? { cwd: entry.cwd } : {}) }
    }
  }
  return servers
}
