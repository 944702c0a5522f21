/**
 * exportWorkflowAsTypeScript(document, options) → the text of a TypeScript file that builds the same
 * workflow with lib/core and the app's own node compiler (export-runtime.ts) and runs it with
 * `npx tsx <file>.ts "input"`. By default it imports '@/lib/core' and '@/lib/graph/export-runtime',
 * which tsx resolves through the repository's tsconfig paths; with `standalone` it imports
 * `./agentloom-runtime.mjs` (export-runtime-bundle.ts) and its header names the one `npm install` line
 * it needs, so it runs in any folder. Pure: document in, text out, for the editor's download and the CLI.
 *
 * Every value from the document is written with JSON.stringify (literal()), never as code: node ids
 * become variables `n0`, `n1`, … and user text appears only inside string literals.
 *
 * What lives only in the app cannot run standalone, and the file says so instead of failing late:
 * an MCP server without a connection in `options.mcpServers` (secrets are never exported), skills
 * stored in the database, function tools of the server's registry and sub-workflows make the file
 * stop before the run with a message naming the node. Human input and tool approvals are asked on
 * the terminal (stdin).
 */
import type { GraphDocument, GraphEdge, GraphNode } from './document'
import { GraphCompileError } from './errors'
import { buildAdjacency, isRunnableEdge, reachableFrom } from './graph-analysis'
import { hasOutput } from './handles'
import type { AgentSettings } from './agent-settings'
import { DEFAULT_CASE_HANDLE } from './node-kinds/condition'
import { nodeKindDefinition } from './node-kinds'
import { hasErrors } from './problems'
import { validateDocument } from './validate'
import { STANDALONE_INSTALL, STANDALONE_RUNTIME_FILE } from './export-runtime-packages'
import { literal } from './typescript-literal'

/** The non-secret connection of an MCP server the workflow uses (what the app's MCP servers page holds). */
export type ExportedMcpServer = { transport: 'stdio'; command: string; args?: string[]; cwd?: string } | { transport: 'http'; url: string }

export interface ExportTypeScriptOptions {
  /** The workflow's name, for the file's header and the run's events. */
  name?: string
  /** The module specifier the file imports lib/core from; '@/lib/core' by default. */
  coreImport?: string
  /** The module specifier the file imports export-runtime.ts from; '@/lib/graph/export-runtime' by default. */
  runtimeImport?: string
  /** Import both from `./agentloom-runtime.mjs`, written beside the file, and say in the header what to install. */
  standalone?: boolean
  /** Connections of the MCP servers the agents use, by server id. A server missing here stops the file with a message. */
  mcpServers?: Readonly<Record<string, ExportedMcpServer>>
}

export const DEFAULT_CORE_IMPORT = '@/lib/core'
export const DEFAULT_RUNTIME_IMPORT = '@/lib/graph/export-runtime'

/** The names an exported file uses from each module. */
const CORE_NAMES = ['MCPStdioTool', 'MCPStreamableHTTPTool', 'WorkflowBuilder', 'defaultCase', 'switchCase', 'type MCPTool', 'type Workflow']
const RUNTIME_NAMES = [
  'GraphAgentExecutor',
  'concurrentNode',
  'condition',
  'discardNode',
  'fanInNode',
  'groupChatNode',
  'handoffNode',
  'humanInputNode',
  'magenticNode',
  'main',
  'outputNode',
  'routeNode',
  'sequentialNode',
  'startNode',
  'transformNode',
]

export { literal } from './typescript-literal'

export function exportWorkflowAsTypeScript(document: GraphDocument, options: ExportTypeScriptOptions = {}): string {
  const problems = validateDocument(document)
  if (hasErrors(problems)) {
    const errors = problems.filter((problem) => problem.severity === 'error')
    throw new GraphCompileError(
      `The workflow cannot be exported: ${errors[0]!.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}`,
      problems,
    )
  }
  const name = options.name ?? 'Workflow'
  const nodesById = new Map(document.nodes.map((node) => [node.id, node]))
  const runnableEdges = document.edges.filter((edge) => isRunnableEdge(edge, nodesById))
  const adjacency = buildAdjacency({ nodes: document.nodes, edges: runnableEdges })
  const start = document.nodes.find((node) => node.kind === 'start')!
  const reachable = reachableFrom([start.id], adjacency)
  const nodes = document.nodes.filter((node) => reachable.has(node.id))
  const variables = new Map(nodes.map((node, index) => [node.id, `n${index}`]))
  const variable = (id: string) => variables.get(id)!

  const serverIds = [...new Set(nodes.flatMap(agentSettingsOf).flatMap((settings) => settings.mcpServerIds))]
  const standaloneProblems = nodes.flatMap((node) => cannotRunStandalone(node, options))

  const lines: string[] = []
  lines.push(`// ${literal(name)}: a workflow exported from Agentloom. It builds the workflow with the agent framework (lib/core)`)
  lines.push('// and runs it with the input given on the command line, printing each output:')
  if (options.standalone) {
    lines.push(`// It needs ${STANDALONE_RUNTIME_FILE} (the app's runtime, bundled) beside it, and in its folder, once:`)
    lines.push(`//   ${STANDALONE_INSTALL}`)
    lines.push('// Then run it (Node.js 20 or later):')
  }
  lines.push('//   npx tsx <this file> "your input"')
  lines.push('// Agents use the demo model unless OPENAI_API_KEY is set (as in the app); agents set to Anthropic, Gemini or Ollama')
  lines.push('// read ANTHROPIC_API_KEY, GEMINI_API_KEY (or GOOGLE_API_KEY) and OLLAMA_BASE_URL; agents set to Azure OpenAI read')
  lines.push('// AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_API_KEY and AZURE_OPENAI_API_VERSION. Questions are asked on the terminal.')
  const core = options.standalone ? `./${STANDALONE_RUNTIME_FILE}` : (options.coreImport ?? DEFAULT_CORE_IMPORT)
  const runtime = options.standalone ? `./${STANDALONE_RUNTIME_FILE}` : (options.runtimeImport ?? DEFAULT_RUNTIME_IMPORT)
  lines.push(`import {\n${CORE_NAMES.map((name) => `  ${name},\n`).join('')}} from ${JSON.stringify(core)}`)
  lines.push(`import {\n${RUNTIME_NAMES.map((name) => `  ${name},\n`).join('')}} from ${JSON.stringify(runtime)}`)
  lines.push('')
  lines.push('// ---------------------------------------------------------------------------------------------')
  lines.push('// The workflow.')
  lines.push('')
  lines.push(`const WORKFLOW_NAME = ${literal(name)}`)
  lines.push('')
  lines.push('/** The MCP servers the agents use: their connections as configured in the app, without secrets. */')
  lines.push('const MCP_SERVERS: Record<string, () => MCPTool> = {')
  for (const id of serverIds) {
    const server = options.mcpServers?.[id]
    if (server) lines.push(`  ${literal(id)}: () => ${mcpServerExpression(id, server)},`)
  }
  lines.push('}')
  lines.push('')
  lines.push('function buildWorkflow(): Workflow {')
  if (standaloneProblems.length > 0) {
    lines.push('  // Parts of this workflow exist only inside the Agentloom app, so this file cannot run it on its own:')
    lines.push(`  const missing: string[] = ${literal(standaloneProblems)}`)
    lines.push("  throw new Error('This workflow needs what only the Agentloom app has:\\n- ' + missing.join('\\n- '))")
  } else {
    for (const node of nodes) lines.push(`  const ${variable(node.id)} = ${nodeExpression(node)} // ${literal(node.id)}`)
    lines.push(`  const builder = new WorkflowBuilder({ startExecutor: ${variable(start.id)}, name: WORKFLOW_NAME })`)
    lines.push(...wiring(document, nodes, runnableEdges, adjacency, variable).map((line) => `  ${line}`))
    lines.push('  return builder.build()')
  }
  lines.push('}')
  lines.push('')
  lines.push('main(buildWorkflow, MCP_SERVERS).catch((error: unknown) => {')
  lines.push('  console.error(error instanceof Error ? error.message : error)')
  lines.push('  process.exitCode = 1')
  lines.push('})')
  lines.push('')
  return lines.join('\n')
}

/** The agents a node runs: itself, or an orchestration's participants, manager and orchestrator. */
function agentSettingsOf(node: GraphNode): AgentSettings[] {
  return nodeKindDefinition(node.kind)
    .references(node)
    .agents.map((agent) => agent.settings)
}

/** Sentences naming what a node needs that only the app has; empty when it can run standalone. */
function cannotRunStandalone(node: GraphNode, options: ExportTypeScriptOptions): string[] {
  const where = `${node.kind.replace(/_/g, ' ')} node ${JSON.stringify(node.id)}`
  const exported = nodeKindDefinition(node.kind).exportTypeScript(literal(node.id), node.data)
  if ('appOnly' in exported) return [`The ${where} ${exported.appOnly}`]
  const problems: string[] = []
  for (const settings of agentSettingsOf(node)) {
    const agent = settings.name || node.id
    for (const id of settings.mcpServerIds) {
      if (!options.mcpServers?.[id])
        problems.push(`Agent ${JSON.stringify(agent)} of the ${where} uses the MCP server ${JSON.stringify(id)}, whose connection is not in this file.`)
    }
    if (settings.skillIds.length > 0)
      problems.push(`Agent ${JSON.stringify(agent)} of the ${where} uses skills stored in the app (${settings.skillIds.join(', ')}).`)
    for (const tool of settings.functionTools)
      problems.push(`Agent ${JSON.stringify(agent)} of the ${where} uses the app's function tool ${JSON.stringify(tool)}.`)
    if (settings.fileAccess.enabled)
      problems.push(`Agent ${JSON.stringify(agent)} of the ${where} is given file access, which only the app grants (its folders are the server's).`)
  }
  return problems
}

function mcpServerExpression(id: string, server: ExportedMcpServer): string {
  const common = `name: ${literal(id)}, toolNamePrefix: ${literal(id)}`
  if (server.transport === 'http') return `new MCPStreamableHTTPTool({ ${common}, url: ${literal(server.url)} })`
  const cwd = server.cwd ? `, cwd: ${literal(server.cwd)}` : ''
  return `new MCPStdioTool({ ${common}, command: ${literal(server.command)}, args: ${literal(server.args ?? [])}${cwd} })`
}

function nodeExpression(node: GraphNode): string {
  const exported = nodeKindDefinition(node.kind).exportTypeScript(literal(node.id), node.data)
  // What only the app has was refused by cannotRunStandalone before any node is written.
  if ('appOnly' in exported) throw new GraphCompileError(`The ${node.kind.replace(/_/g, ' ')} node "${node.id}" cannot be exported.`)
  return exported.expression
}

/** The builder calls for the edges, as compile/wiring.ts wires them (condition groups, fan-out and fan-in groups, plain edges). */
function wiring(
  document: GraphDocument,
  nodes: GraphNode[],
  edges: GraphEdge[],
  adjacency: ReturnType<typeof buildAdjacency>,
  variable: (id: string) => string,
): string[] {
  const included = new Set(nodes.map((node) => node.id))
  const kinds = new Map(document.nodes.map((node) => [node.id, node.kind]))
  const lines: string[] = []
  for (const node of nodes) {
    if (!hasOutput(node.kind)) continue
    const outgoing = (adjacency.outgoing.get(node.id) ?? []).filter((edge) => included.has(edge.target) && edges.includes(edge))
    if (node.kind === 'condition') {
      const cases = [
        ...node.data.cases.map((c) => ({ handle: c.id, expression: c.expression as string | undefined })),
        { handle: DEFAULT_CASE_HANDLE, expression: undefined },
      ]
      let discard = ''
      const targets = cases.map(({ handle }) => {
        const edge = outgoing.find((candidate) => candidate.sourceHandle === handle)
        if (edge) return variable(edge.target)
        discard = `discardNode(${literal(`${node.id}:discard`)})`
        return 'discard'
      })
      const group = cases
        .map(({ expression }, index) =>
          expression === undefined ? `defaultCase(${targets[index]})` : `switchCase(condition(${literal(expression)}), ${targets[index]})`,
        )
        .join(', ')
      lines.push(
        discard
          ? `{ const discard = ${discard}; builder.addSwitchCaseEdgeGroup(${variable(node.id)}, [${group}]) }`
          : `builder.addSwitchCaseEdgeGroup(${variable(node.id)}, [${group}])`,
      )
      continue
    }
    const plain = outgoing.filter((edge) => kinds.get(edge.target) !== 'fan_in')
    if (node.kind === 'fan_out' && plain.length >= 2 && plain.every((edge) => edge.condition === undefined)) {
      lines.push(`builder.addFanOutEdges(${variable(node.id)}, [${plain.map((edge) => variable(edge.target)).join(', ')}])`)
      continue
    }
    for (const edge of plain) {
      const options = edge.condition === undefined ? '' : `, { condition: condition(${literal(edge.condition)}) }`
      lines.push(`builder.addEdge(${variable(node.id)}, ${variable(edge.target)}${options})`)
    }
  }
  for (const node of nodes) {
    if (node.kind !== 'fan_in') continue
    const sources = [...new Set((adjacency.incoming.get(node.id) ?? []).map((edge) => edge.source))].filter((id) => included.has(id))
    if (sources.length < 2) throw new GraphCompileError(`Fan-in "${node.id}" needs at least two sources that the run can reach; it has ${sources.length}.`)
    lines.push(`builder.addFanInEdges([${sources.map(variable).join(', ')}], ${variable(node.id)})`)
  }
  return lines
}
