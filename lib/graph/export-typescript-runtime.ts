/**
 * The fixed part of an exported TypeScript workflow: the message convention of Agentloom graphs
 * (compile/messages.ts), its node executors and the run loop, written against lib/core's public
 * API only. It is text, not code of this module: export-typescript.ts puts it into every exported
 * file, whose generated part builds the nodes and edges with these helpers. The integration test
 * runs exported files and compares their outputs with compile()'s, so the two cannot drift apart.
 */

/** The imports of the exported file; `core` is where lib/core is imported from. */
export function runtimeImports(core: string): string {
  return `import { createInterface } from 'node:readline/promises'
import { Environment } from '@marcbachmann/cel-js'
import {
  Agent,
  AgentExecutor,
  AgentExecutorResponse,
  AgentResponse,
  ConcurrentBuilder,
  DEFAULT_AUTONOMOUS_PROMPT,
  DemoChatClient,
  GroupChatBuilder,
  HandoffBuilder,
  MCPStdioTool,
  MCPStreamableHTTPTool,
  MagenticBuilder,
  Message,
  SequentialBuilder,
  WorkflowBuilder,
  WorkflowExecutor,
  createChatClientFromEnv,
  defaultCase,
  executor,
  isToolProvider,
  switchCase,
  type ChatClient,
  type ChatOptions,
  type Executor,
  type FunctionTool,
  type GroupChatState,
  type MCPTool,
  type SupportsAgentRun,
  type ToolLike,
  type Workflow,
  type WorkflowContext,
} from ${JSON.stringify(core)}
`
}

export const RUNTIME_SOURCE = String.raw`
// ---------------------------------------------------------------------------------------------
// The message convention of Agentloom graphs: what travels along the edges, and how it reads as text.

function messageText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === null || value === undefined) return ''
  if (value instanceof Message) return value.text
  if (value instanceof AgentResponse) return value.text
  if (value instanceof AgentExecutorResponse) return value.agentResponse.text
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every((item) => item instanceof Message)) return lastReply(value as Message[])
    return value.map(messageText).join('\n\n')
  }
  if (typeof value === 'object') return JSON.stringify(value, null, 2)
  return String(value)
}

function lastReply(conversation: readonly Message[]): string {
  for (let i = conversation.length - 1; i >= 0; i--) {
    const message = conversation[i]!
    if (message.role === 'assistant' && message.text !== '') return message.text
  }
  return conversation[conversation.length - 1]?.text ?? ''
}

function toAgentInput(value: unknown): string | Message | Message[] {
  if (typeof value === 'string' || value instanceof Message) return value
  if (Array.isArray(value) && value.length > 0 && value.every((item) => item instanceof Message)) return value as Message[]
  return messageText(value)
}

function replyText(value: unknown): unknown {
  const isConversation = Array.isArray(value) && value.length > 0 && value.every((item) => item instanceof Message)
  if (value instanceof AgentExecutorResponse || value instanceof AgentResponse || value instanceof Message || isConversation) return messageText(value)
  return value
}

/** A context that passes each sent message through map first (agents and nested workflows send text on). */
function mapSentMessages<TOut, TWorkflowOut>(ctx: WorkflowContext<TOut, TWorkflowOut>, map: (message: TOut) => unknown): WorkflowContext<TOut, TWorkflowOut> {
  return {
    get executorId() {
      return ctx.executorId
    },
    get sourceExecutorIds() {
      return ctx.sourceExecutorIds
    },
    get signal() {
      return ctx.signal
    },
    get isStreaming() {
      return ctx.isStreaming
    },
    get workflowName() {
      return ctx.workflowName
    },
    sendMessage: (message, targetId) => ctx.sendMessage(map(message) as TOut, targetId),
    yieldOutput: (output) => ctx.yieldOutput(output),
    addEvent: (event) => ctx.addEvent(event),
    requestInfo: (data, options) => ctx.requestInfo(data, options),
    getState: ((key: string, ...fallback: unknown[]) => (ctx.getState as (...args: unknown[]) => unknown)(key, ...fallback)) as WorkflowContext['getState'],
    setState: (key, value) => ctx.setState(key, value),
    hasState: (key) => ctx.hasState(key),
    deleteState: (key) => ctx.deleteState(key),
  }
}

// ---------------------------------------------------------------------------------------------
// CEL, for transforms and conditions: the message is the variable input.

const cel = new Environment({
  homogeneousAggregateLiterals: false,
  limits: { maxAstNodes: 2_000, maxDepth: 50, maxListElements: 500, maxMapEntries: 500 },
}).registerVariable('input', 'dyn', { description: 'The message that reached the node.' })

function toCelValue(value: unknown): unknown {
  if (value instanceof Message) return value.authorName === undefined ? { role: value.role, text: value.text } : { role: value.role, text: value.text, authorName: value.authorName }
  if (Array.isArray(value)) return value.map(toCelValue)
  if (value === undefined) return null
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Uint8Array)) {
    const map: Record<string, unknown> = {}
    for (const [key, entry] of Object.entries(value)) if (entry !== undefined) map[key] = toCelValue(entry)
    return map
  }
  return value
}

function fromCelValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value)
  if (Array.isArray(value)) return value.map(fromCelValue)
  if (value instanceof Map) return Object.fromEntries([...value].map(([key, entry]) => [String(key), fromCelValue(entry)]))
  if (value instanceof Uint8Array) return new TextDecoder().decode(value)
  if (value instanceof Date) return value.toISOString()
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, fromCelValue(entry)]))
  return value
}

function expression(source: string): (input: unknown) => unknown {
  const parsed = cel.parse(source)
  return (input) => fromCelValue(parsed({ input: toCelValue(input) }))
}

function condition(source: string): (input: unknown) => boolean {
  const evaluate = expression(source)
  const fn = (input: unknown) => {
    const value = evaluate(input)
    if (typeof value !== 'boolean') throw new Error('The condition ' + JSON.stringify(source) + ' must evaluate to a bool.')
    return value
  }
  Object.defineProperty(fn, 'name', { value: source })
  return fn
}

// ---------------------------------------------------------------------------------------------
// Models, tools and agents.

interface ModelSettings {
  provider: 'default' | 'demo' | 'openai'
  model?: string
  temperature?: number
  maxTokens?: number
}

interface AgentSettings {
  name: string
  instructions: string
  model: ModelSettings
  mcpServerIds: string[]
  functionTools: string[]
  skillIds: string[]
  toolApprovalMode: 'default' | 'always_require' | 'never_require'
}

interface Participant extends AgentSettings {
  id: string
}

/** As in the app: the demo model when asked for, otherwise OpenAI when OPENAI_API_KEY is set, else the demo model. */
function chatClient(settings: ModelSettings): ChatClient {
  if (settings.provider === 'demo') return new DemoChatClient()
  const client = createChatClientFromEnv(settings.model ? { ...process.env, OPENAI_MODEL: settings.model } : process.env)
  if (client) return client
  if (settings.provider === 'openai') throw new Error('An agent is set to use OpenAI, but OPENAI_API_KEY is not set. Set it, or choose the demo model.')
  return new DemoChatClient()
}

/** The MCP servers the agents use, connected before the run and closed after it. */
const connectedMcpServers = new Map<string, MCPTool>()

function mcpServer(id: string): MCPTool {
  const tool = connectedMcpServers.get(id)
  if (!tool) throw new Error('MCP server ' + JSON.stringify(id) + ' is not connected.')
  return tool
}

function withApprovalMode(tools: ToolLike[], mode: AgentSettings['toolApprovalMode']): ToolLike[] {
  if (mode === 'default') return tools
  const view = (tool: FunctionTool): FunctionTool => Object.create(tool, { approvalMode: { value: mode, writable: true, enumerable: true } }) as FunctionTool
  return tools.map((tool): ToolLike => {
    if (!isToolProvider(tool)) return view(tool)
    const provider = tool
    return {
      get functions() {
        return provider.functions.map(view)
      },
    }
  })
}

function agent(id: string, settings: AgentSettings): Agent {
  const options: ChatOptions = {}
  if (settings.model.model !== undefined) options.model = settings.model.model
  if (settings.model.temperature !== undefined) options.temperature = settings.model.temperature
  if (settings.model.maxTokens !== undefined) options.maxTokens = settings.model.maxTokens
  return new Agent({
    client: chatClient(settings.model),
    id,
    name: settings.name.trim() || id,
    instructions: settings.instructions.trim() || undefined,
    tools: withApprovalMode(settings.mcpServerIds.map(mcpServer), settings.toolApprovalMode),
    defaultOptions: options,
  })
}

// ---------------------------------------------------------------------------------------------
// One executor per node kind.

interface InputField {
  name: string
  type: 'string' | 'number' | 'integer' | 'boolean' | 'enum'
  required: boolean
  options: string[]
}

/** Declared input fields: the run input is JSON text (or an object) with exactly these fields; it is sent on as the object. */
function startNode(id: string, fields: InputField[] = []): Executor {
  return executor(
    id,
    (input: unknown, ctx) => {
      if (fields.length === 0) return ctx.sendMessage(typeof input === 'string' ? input : JSON.stringify(input ?? ''))
      const value = typeof input === 'string' ? parseJson(input) : input
      const problems = inputProblems(fields, value)
      if (problems.length > 0) throw new Error('The run input does not match the start node\'s input fields: ' + problems.join(' '))
      return ctx.sendMessage(value)
    },
    { outputCapable: false },
  )
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function inputProblems(fields: InputField[], value: unknown): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['The input must be a JSON object with the declared fields.']
  const record = value as Record<string, unknown>
  const problems: string[] = []
  for (const field of fields) {
    const given = record[field.name]
    if (given === undefined) {
      if (field.required) problems.push('"' + field.name + '" is required.')
    } else if (!fitsType(field, given)) {
      problems.push('"' + field.name + '" must be ' + typeWords(field) + '.')
    }
  }
  const unknown = Object.keys(record).filter((key) => !fields.some((field) => field.name === key))
  if (unknown.length > 0) problems.push('Not an input of this workflow: ' + unknown.map((key) => '"' + key + '"').join(', ') + '.')
  return problems
}

function typeWords(field: InputField): string {
  if (field.type === 'enum') return 'one of ' + field.options.map((option) => '"' + option + '"').join(', ')
  return { string: 'text', number: 'a number', integer: 'a whole number', boolean: 'true or false' }[field.type]
}

function fitsType(field: InputField, value: unknown): boolean {
  if (field.type === 'string') return typeof value === 'string'
  if (field.type === 'number') return typeof value === 'number' && Number.isFinite(value)
  if (field.type === 'integer') return Number.isInteger(value)
  if (field.type === 'boolean') return typeof value === 'boolean'
  return typeof value === 'string' && field.options.includes(value)
}

function outputNode(id: string): Executor {
  return executor(id, (message: unknown, ctx) => ctx.yieldOutput(message))
}

/** Condition and fan-out nodes only route: their edges decide where the message goes. */
function routeNode(id: string): Executor {
  return executor(id, (message: unknown, ctx) => ctx.sendMessage(message), { outputCapable: false })
}

/** Takes what a condition case without an edge receives, so it does not fall through to later cases. */
function discardNode(id: string): Executor {
  return executor(id, () => undefined, { outputCapable: false })
}

function transformNode(id: string, source: string): Executor {
  const evaluate = expression(source)
  return executor(id, (message: unknown, ctx) => ctx.sendMessage(evaluate(message)), { outputCapable: false })
}

function fanInNode(id: string, join: 'text' | 'list', separator: string): Executor {
  return executor(id, (messages: unknown[], ctx) => ctx.sendMessage(join === 'list' ? messages : messages.map(messageText).join(separator)), {
    outputCapable: false,
  })
}

function humanInputNode(id: string, prompt: string): Executor {
  return executor(
    id,
    (message: unknown, ctx) => {
      ctx.requestInfo({ type: 'human_input', nodeId: id, prompt, input: messageText(message) })
    },
    { outputCapable: false, onResponse: (_request, answer, ctx) => ctx.sendMessage(answer) },
  )
}

class GraphAgentExecutor extends AgentExecutor {
  constructor(id: string, settings: AgentSettings) {
    super(agent(id, settings), { id, outputResponse: false })
    this.outputCapable = false
  }

  override canHandle(): boolean {
    return true
  }

  override execute(message: unknown, ctx: WorkflowContext<AgentExecutorResponse, never>): unknown {
    return super.execute(toAgentInput(message), mapSentMessages(ctx, replyText))
  }

  override executeResponse(request: unknown, response: unknown, ctx: WorkflowContext<AgentExecutorResponse, never>, requestId: string): unknown {
    return super.executeResponse(request, response, mapSentMessages(ctx, replyText), requestId)
  }
}

/** A whole workflow as one node (orchestrations): it receives the message as text and sends its result on as text. */
class NestedWorkflowExecutor extends WorkflowExecutor {
  constructor(id: string, workflow: Workflow) {
    super(workflow, { id, propagateRequest: true })
    this.outputCapable = false
  }

  override execute(message: unknown, ctx: WorkflowContext<unknown, unknown>): unknown {
    return super.execute(messageText(message), mapSentMessages(ctx, replyText))
  }

  override executeResponse(request: unknown, response: unknown, ctx: WorkflowContext<unknown, unknown>, requestId: string): unknown {
    return super.executeResponse(request, response, mapSentMessages(ctx, replyText), requestId)
  }
}

function participantExecutors(participants: Participant[]): AgentExecutor[] {
  return participants.map((p) => new AgentExecutor(agent(p.id, p), { id: p.id }))
}

function named(settings: AgentSettings, name: string): AgentSettings {
  return settings.name.trim() ? settings : { ...settings, name }
}

function sequentialNode(id: string, data: { participants: Participant[]; chainOnlyAgentResponses: boolean }): Executor {
  const workflow = new SequentialBuilder({
    name: id + ':sequential',
    participants: participantExecutors(data.participants),
    chainOnlyAgentResponses: data.chainOnlyAgentResponses,
  }).build()
  return new NestedWorkflowExecutor(id, workflow)
}

function concurrentNode(id: string, data: { participants: Participant[]; aggregation: 'text' | 'list' }): Executor {
  const names = new Map(data.participants.map((p) => [p.id, p.name || p.id]))
  const replies = (results: unknown[]) =>
    results.map((result) => ({ who: result instanceof AgentExecutorResponse ? (names.get(result.executorId) ?? result.executorId) : undefined, text: messageText(result) }))
  const workflow = new ConcurrentBuilder({ name: id + ':concurrent', participants: participantExecutors(data.participants) })
    .withAggregator((results) =>
      data.aggregation === 'list'
        ? replies(results).map((reply) => reply.text)
        : replies(results)
            .map((reply) => (reply.who ? reply.who + ':\n' + reply.text : reply.text))
            .join('\n\n'),
    )
    .build()
  return new NestedWorkflowExecutor(id, workflow)
}

function groupChatNode(
  id: string,
  data: { participants: Participant[]; selection: 'round_robin' | 'orchestrator'; orchestrator?: AgentSettings; maxRounds: number },
): Executor {
  const participants = participantExecutors(data.participants)
  const ids = participants.map((participant) => participant.id)
  const orchestrator = data.selection === 'orchestrator' && data.orchestrator ? agent(id + '.orchestrator', named(data.orchestrator, 'Orchestrator')) : undefined
  const workflow = new GroupChatBuilder({
    name: id + ':group_chat',
    participants,
    maxRounds: data.maxRounds,
    ...(orchestrator ? { orchestratorAgent: orchestrator } : { selectionFunction: (state: GroupChatState) => ids[state.currentRound % ids.length] }),
  }).build()
  return new NestedWorkflowExecutor(id, workflow)
}

function magenticNode(
  id: string,
  data: { participants: Participant[]; manager: AgentSettings; maxStallCount: number; maxResetCount?: number; maxRoundCount?: number; enablePlanReview: boolean },
): Executor {
  const workflow = new MagenticBuilder({
    name: id + ':magentic',
    participants: participantExecutors(data.participants),
    managerAgent: agent(id + '.manager', named(data.manager, 'Manager')),
    maxStallCount: data.maxStallCount,
    maxResetCount: data.maxResetCount,
    maxRoundCount: data.maxRoundCount,
    enablePlanReview: data.enablePlanReview,
  }).build()
  return new NestedWorkflowExecutor(id, workflow)
}

function handoffNode(
  id: string,
  data: {
    participants: Participant[]
    startParticipantId?: string
    handoffs: Array<{ from: string; to: string[] }>
    autonomous: boolean
    autonomousTurnLimit: number
    endWhenNoHandoff?: boolean
    endAfterUserTurns?: number
  },
): Executor {
  // Handoff tools are named after agent ids (handoff_to_<id>), so each agent answers to its participant id.
  const agents = new Map<string, SupportsAgentRun>(
    data.participants.map((p) => {
      const built = agent(p.id, p)
      const participant: SupportsAgentRun = {
        id: p.id,
        name: p.id,
        description: p.name || p.id,
        run: (messages, options) => built.run(messages, options),
        runStream: (messages, options) => built.runStream(messages, options),
      }
      return [p.id, participant]
    }),
  )
  const byId = (participantId: string) => agents.get(participantId)!
  const builder = new HandoffBuilder({ name: id + ':handoff', participants: [...agents.values()] })
  if (data.startParticipantId) builder.withStartAgent(byId(data.startParticipantId))
  for (const rule of data.handoffs) builder.addHandoff(byId(rule.from), rule.to.map(byId))
  if (data.autonomous) builder.withAutonomousMode({ turnLimits: data.autonomousTurnLimit })
  // Asked only after a reply without a handoff; the person's answers are the user messages with text after the input.
  const turns = data.endAfterUserTurns
  if (data.endWhenNoHandoff) builder.withTerminationCondition(() => true)
  else if (turns)
    builder.withTerminationCondition(
      (conversation) => conversation.filter((m) => m.role === 'user' && m.text !== '' && m.text !== DEFAULT_AUTONOMOUS_PROMPT).length > turns,
    )
  return new NestedWorkflowExecutor(id, builder.build())
}

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

async function main(build: () => Workflow, mcpServers: Record<string, () => MCPTool>): Promise<void> {
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
`
