/**
 * The span tree of a workflow run, recorded by the real SDK with an InMemorySpanExporter: a workflow
 * whose agent calls a function tool and a tool of a spawned MCP server (which echoes the `_meta` it
 * received, so the W3C trace context it was sent can be checked against the span that sent it).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base'
import { Agent } from '../agents'
import { DemoChatClient } from '../clients/demo/demo-chat-client'
import { silentLogger } from '../logger'
import { MCPStdioTool } from '../mcp/stdio-tool'
import { fixturePath } from '../mcp/testing/fixture-process'
import { ScriptedChatClient, functionCall, modelFunctionCalls, modelResponse, modelStream, startInMemoryTracing, type InMemoryTracing } from '../testing'
import { tool } from '../tools/tool'
import { AgentResponse, ChatResponse, Message, type FunctionResultContent } from '../types'
import { WorkflowBuilder } from '../workflows'
import { z } from 'zod'

const SECRET_PROMPT = 'My launch code is swordfish-42; add 2 and 40.'

let tracing: InMemoryTracing
let mcp: MCPStdioTool | undefined

beforeEach(() => {
  tracing = startInMemoryTracing({ captureContent: false })
})

afterEach(async () => {
  await mcp?.close()
  mcp = undefined
  await tracing.stop()
})

async function metaEchoServer(): Promise<MCPStdioTool> {
  mcp = new MCPStdioTool({ name: 'echo', command: process.execPath, args: [fixturePath('meta-echo-server')], logger: silentLogger })
  await mcp.connect()
  return mcp
}

const add = tool({
  name: 'add',
  description: 'Adds two numbers.',
  parameters: z.object({ a: z.number(), b: z.number(), apiKey: z.string().optional() }),
  execute: ({ a, b }) => a + b,
})

function scriptedAgent(server: MCPStdioTool, options: { streaming?: boolean } = {}) {
  const finalAnswer = new ChatResponse({
    messages: [new Message({ role: 'assistant', text: 'The sum is 42.' })],
    modelId: 'gpt-test-2026-01',
    usage: { inputTokenCount: 30, outputTokenCount: 7, totalTokenCount: 37 },
    finishReason: 'stop',
  })
  const client = new ScriptedChatClient([
    modelFunctionCalls(functionCall('add', { a: 2, b: 40, apiKey: 'sk-live-123' }, 'call-add'), functionCall('echo_meta', { text: 'ping' }, 'call-echo')),
    options.streaming ? modelStream(['The sum ', 'is 42.']) : modelResponse(finalAnswer),
  ])
  return new Agent({ name: 'calculator', client, tools: [add, ...server.functions], defaultOptions: { model: 'gpt-test' }, logger: silentLogger })
}

function parentOf(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId
}

describe('OpenTelemetry spans of a workflow run', () => {
  it('links workflow → superstep → executor → agent → model and tool calls → MCP request, and passes the trace on in _meta', async () => {
    const server = await metaEchoServer()
    const agent = scriptedAgent(server)
    const run = await new WorkflowBuilder({ startExecutor: agent, name: 'sums' }).build().run(SECRET_PROMPT)
    expect(run.getOutputs()).toHaveLength(1)

    const workflow = tracing.span('workflow.run')
    expect(workflow.attributes).toMatchObject({ 'workflow.name': 'sums', 'workflow.state': 'IDLE' })
    expect(parentOf(workflow)).toBeUndefined()

    // The start executor runs before superstep 1 (the reference's "superstep 0"); the engine still makes one round.
    const executor = tracing.span('executor.process calculator')
    expect(executor.attributes).toMatchObject({ 'executor.id': 'calculator', 'executor.type': 'AgentExecutor' })
    expect(parentOf(executor)).toBe(workflow.spanContext().spanId)
    expect(parentOf(tracing.span('workflow.superstep 1'))).toBe(workflow.spanContext().spanId)

    const agentSpan = tracing.span('invoke_agent calculator')
    expect(parentOf(agentSpan)).toBe(executor.spanContext().spanId)
    expect(agentSpan.attributes).toMatchObject({ 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'calculator', 'gen_ai.usage.output_tokens': 7 })

    const chats = tracing.spans().filter((span) => span.name === 'chat gpt-test')
    expect(chats).toHaveLength(2)
    for (const chat of chats) expect(parentOf(chat)).toBe(agentSpan.spanContext().spanId)
    expect(chats[1].attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'gpt-test',
      'gen_ai.response.model': 'gpt-test-2026-01',
      'gen_ai.usage.input_tokens': 30,
      'gen_ai.usage.output_tokens': 7,
      'gen_ai.response.finish_reasons': ['stop'],
    })

    const addSpan = tracing.span('execute_tool add')
    expect(parentOf(addSpan)).toBe(agentSpan.spanContext().spanId)
    expect(addSpan.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'add', 'gen_ai.tool.call.id': 'call-add' })

    const echoTool = tracing.span('execute_tool echo_meta')
    expect(parentOf(echoTool)).toBe(agentSpan.spanContext().spanId)
    const mcpRequest = tracing.span('tools/call echo_meta')
    expect(parentOf(mcpRequest)).toBe(echoTool.spanContext().spanId)
    expect(mcpRequest.attributes).toMatchObject({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'echo_meta', 'agentloom.mcp.server': 'echo' })

    // All in one trace.
    const traceIds = new Set(tracing.spans().map((span) => span.spanContext().traceId))
    expect(traceIds.size).toBe(1)

    // The server received the MCP request span's context as W3C traceparent.
    const [response] = run.getOutputs<AgentResponse>()
    const echoResult = response.messages
      .flatMap((message) => message.contents)
      .find((content): content is FunctionResultContent => content.type === 'function_result' && content.callId === 'call-echo')?.result
    const { meta } = JSON.parse(String(echoResult)) as { meta: Record<string, string> }
    const { traceId, spanId } = mcpRequest.spanContext()
    expect(meta.traceparent).toBe(`00-${traceId}-${spanId}-01`)
  })

  it("names the demo model on its chat spans, as any provider's model", async () => {
    await new Agent({ name: 'offline', client: new DemoChatClient(), logger: silentLogger }).run('Hello')
    const chat = tracing.spans().find((span) => span.attributes['gen_ai.operation.name'] === 'chat')
    expect(chat?.name).toBe('chat demo')
    expect(chat?.attributes).toMatchObject({ 'gen_ai.request.model': 'demo', 'gen_ai.response.model': 'demo', 'gen_ai.provider.name': 'agentloom.demo' })
  })

  it("traces a server's sampling request as a child of the tools/call it ran during", async () => {
    mcp = new MCPStdioTool({
      name: 'sampler',
      command: process.execPath,
      args: [fixturePath('sampling-server')],
      client: new ScriptedChatClient([modelResponse('Paris.')]),
      samplingApprovalCallback: async () => true,
      logger: silentLogger,
    })
    await mcp.connect()
    const result = await mcp.callTool('ask_model', { question: 'Capital of France?' })
    expect(result.content).toEqual([{ type: 'text', text: 'Paris.' }])
    const spans = tracing.spans()
    const call = spans.find((span) => span.name === 'tools/call ask_model')
    const chat = spans.find((span) => span.attributes['gen_ai.operation.name'] === 'chat')
    expect(call).toBeDefined()
    expect(chat && parentOf(chat)).toBe(call?.spanContext().spanId)
  })

  it('records no prompts, completions or tool arguments unless content capture is on', async () => {
    const server = await metaEchoServer()
    await new WorkflowBuilder({ startExecutor: scriptedAgent(server) }).build().run(SECRET_PROMPT)
    const everything = JSON.stringify(tracing.spans().map((span) => span.attributes))
    expect(everything).not.toContain('swordfish')
    expect(everything).not.toContain('The sum is 42')
    expect(everything).not.toContain('gen_ai.input.messages')
    expect(everything).not.toContain('gen_ai.tool.call.arguments')
  })

  it('records them with content capture on, secret-named arguments redacted', async () => {
    await tracing.stop()
    tracing = startInMemoryTracing({ captureContent: true })
    const server = await metaEchoServer()
    // runStream: the agent executor streams, so the model calls go through getStreamingResponse.
    for await (const event of new WorkflowBuilder({ startExecutor: scriptedAgent(server, { streaming: true }) }).build().runStream(SECRET_PROMPT)) void event
    const chats = tracing.spans().filter((span) => span.name === 'chat gpt-test')
    expect(chats).toHaveLength(2)
    // A streamed model call resumes in its consumer's context; it must still hang under the agent run.
    const agentSpanId = tracing.span('invoke_agent calculator').spanContext().spanId
    for (const chat of chats) expect(parentOf(chat)).toBe(agentSpanId)
    for (const chat of chats) expect(chat.attributes['gen_ai.request.stream']).toBe(true)
    const input = JSON.parse(chats[0].attributes['gen_ai.input.messages'] as string) as Array<{ role: string; parts: Array<{ content?: string }> }>
    expect(input[0]).toEqual({ role: 'user', parts: [{ type: 'text', content: SECRET_PROMPT }] })
    expect(chats[1].attributes['gen_ai.output.messages']).toContain('The sum is 42.')
    const args = JSON.parse(tracing.span('execute_tool add').attributes['gen_ai.tool.call.arguments'] as string) as Record<string, unknown>
    expect(args).toEqual({ a: 2, b: 40, apiKey: '[REDACTED]' })
    expect(tracing.span('execute_tool add').attributes['gen_ai.tool.call.result']).toBe('42')
  })
})
