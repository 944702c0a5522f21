/**
 * The runtime of exported TypeScript workflows: what an exported file imports besides lib/core. Every
 * node helper builds its node with the app's own node compiler (compile/node-compilers.ts) and the
 * conditions with the app's CEL (compile/wiring.ts), so an exported file runs the code the app runs;
 * only what a standalone program needs on top lives here (models from the environment, MCP servers
 * connected from the file, questions and tool approvals on the terminal).
 *
 * Inside the repository an exported file imports this module as '@/lib/graph/export-runtime'; outside
 * it, from `agentloom-runtime.mjs`, this module and lib/core bundled into one file by
 * export-runtime-bundle.ts (export-typescript.ts writes which `npm install` it needs).
 */
import { createInterface } from 'node:readline/promises'
import { MCPStdioTool, MCPStreamableHTTPTool, WorkflowBuilder, defaultCase, switchCase, type Executor, type MCPTool, type Workflow } from '@/lib/core'
import type { AgentSettings } from './agent-settings'
import { chatClientFor } from './compile/chat-client-for'
import { messageText } from './compile/messages'
import { discardExecutor } from './compile/node-executors'
import { nodeCompiler } from './compile/node-compilers'
import type { CompileRegistry } from './compile/registry'
import { namedCondition } from './compile/wiring'
import type { GraphNode } from './document'
import type { NodeKind } from './node-kinds/definition'
import { nodeKindDefinition } from './node-kinds'

// What an exported file's builder code uses from lib/core, so that a standalone file imports one module.
export { MCPStdioTool, MCPStreamableHTTPTool, WorkflowBuilder, defaultCase, switchCase, type MCPTool, type Workflow }

/** The MCP servers the agents use, connected by main() before the run and closed after it. */
const connectedMcpServers = new Map<string, MCPTool>()

/** As `agentloom run` resolves them: models from the environment, MCP servers from the file, no app-only parts. */
const registry: CompileRegistry = {
  chatClient: (settings) => chatClientFor(settings),
  mcpServer: (id) => {
    const tool = connectedMcpServers.get(id)
    if (!tool) throw new Error(`MCP server ${JSON.stringify(id)} is not connected.`)
    return tool
  },
  // export-typescript.ts refuses function tools, skills and saved parts before it writes a file.
  functionTool: () => undefined,
}

/** The node as the app compiles it: its data read through the kind's schema (which fills the defaults the file leaves out). */
function compiled(kind: NodeKind, id: string, data: unknown): Executor {
  const node = { id, kind, position: { x: 0, y: 0 }, data: nodeKindDefinition(kind).dataSchema.parse(data) } as GraphNode
  const noSubWorkflows = (): never => {
    throw new Error('An exported file runs no sub-workflows.')
  }
  return nodeCompiler(kind)(node, { registry, options: {}, where: `${kind.replace(/_/g, ' ')} node "${id}"`, compile: noSubWorkflows })
}

type DataOf<K extends NodeKind> = Omit<Extract<GraphNode, { kind: K }>['data'], 'label'>
type Loose<T> = { [P in keyof T]?: unknown }

export const startNode = (id: string, inputFields?: unknown[]) => compiled('start', id, inputFields ? { inputFields } : {})
export const outputNode = (id: string) => compiled('output', id, {})
/** Condition and fan-out nodes only route: their edges decide where the message goes. */
export const routeNode = (id: string) => compiled('fan_out', id, {})
export const discardNode = (id: string) => discardExecutor(id)
export const transformNode = (id: string, expression: string) => compiled('transform', id, { expression })
export const fanInNode = (id: string, join: 'text' | 'list', separator: string) => compiled('fan_in', id, { join, separator })
export const humanInputNode = (id: string, prompt: string) => compiled('human_input', id, { prompt })
export const sequentialNode = (id: string, data: Loose<DataOf<'sequential'>>) => compiled('sequential', id, data)
export const concurrentNode = (id: string, data: Loose<DataOf<'concurrent'>>) => compiled('concurrent', id, data)
export const groupChatNode = (id: string, data: Loose<DataOf<'group_chat'>>) => compiled('group_chat', id, data)
export const magenticNode = (id: string, data: Loose<DataOf<'magentic'>>) => compiled('magentic', id, data)
export const handoffNode = (id: string, data: Loose<DataOf<'handoff'>>) => compiled('handoff', id, data)

/** An agent node; a class in name only (`new GraphAgentExecutor(id, settings)` reads as the agent it builds). */
export const GraphAgentExecutor = function GraphAgentExecutor(id: string, settings: Loose<AgentSettings>): Executor {
  return compiled('agent', id, settings)
} as unknown as new (id: string, settings: Loose<AgentSettings>) => Executor

/** A CEL condition of an edge or a condition case, as the app's wiring compiles it. */
export const condition = (expression: string) => namedCondition({ id: expression, condition: expression })

// ---------------------------------------------------------------------------------------------
// The run: the input from the command line, questions and tool approvals asked on the terminal,
// every output printed as text.

async function answer(request: { requestId: string; data: unknown }, ask: (question: string) => Promise<string>): Promise<unknown> {
  const data = request.data as { type?: string; prompt?: string; input?: string; functionCall?: { name: string; arguments?: unknown } }
  if (data.type === 'human_input') return ask((data.prompt || 'Your answer') + '\n' + (data.input ? '(received: ' + data.input + ')\n' : '') + '> ')
  if (data.type === 'function_approval_request' && data.functionCall) {
    const reply = await ask('Allow the tool call ' + data.functionCall.name + ' ' + JSON.stringify(data.functionCall.arguments ?? {}) + '? [y/N] ')
    return /^y(es)?$/i.test(reply.trim())
  }
  const reply = await ask('The workflow asks: ' + JSON.stringify(data) + '\nAnswer as JSON> ')
  return JSON.parse(reply)
}

export async function main(build: () => Workflow, mcpServers: Record<string, () => MCPTool>): Promise<void> {
  const input = process.argv[2]
  if (input === undefined) {
    console.error('Usage: npx tsx <this file> "<input>"')
    process.exitCode = 2
    return
  }
  const lines = createInterface({ input: process.stdin, output: process.stderr, terminal: false })
  const queued: string[] = []
  const waiting: Array<(line: string) => void> = []
  lines.on('line', (line) => (waiting.length > 0 ? waiting.shift()!(line) : queued.push(line)))
  const ask = (question: string) => {
    process.stderr.write(question)
    return queued.length > 0 ? Promise.resolve(queued.shift()!) : new Promise<string>((resolve) => waiting.push(resolve))
  }
  try {
    for (const [id, create] of Object.entries(mcpServers)) {
      const tool = create()
      connectedMcpServers.set(id, tool)
      await tool.connect()
    }
    const workflow = build()
    let result = await workflow.run(input)
    for (;;) {
      for (const output of result.getOutputs()) console.log(messageText(output))
      const requests = result.getRequestInfoEvents()
      if (requests.length === 0) break
      const responses: Record<string, unknown> = {}
      for (const request of requests) responses[request.requestId] = await answer(request, ask)
      result = await workflow.run(undefined, { responses })
    }
    const failure = result.events.find((event) => event.type === 'error' || event.type === 'failed')
    if (failure) throw new Error('The run failed: ' + JSON.stringify(failure))
  } finally {
    lines.close()
    for (const tool of connectedMcpServers.values()) await tool.close()
  }
}
