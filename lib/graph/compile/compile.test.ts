import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { DemoChatClient, FunctionTool, tool, type ChatClient, type ToolProvider } from '@/lib/core'
import { ScriptedChatClient, modelResponse } from '@/lib/core/testing'
import type { GraphDocument } from '../document'
import { GraphCompileError } from '../errors'
import { exampleWorkflowDocument } from '../example-workflow'
import { graph } from '../testing/graph-builder'
import { compile } from './compile'
import type { CompileRegistry } from './registry'

const add = tool({
  name: 'add',
  description: 'Add two numbers',
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: async ({ a, b }) => a + b,
})

const researchServer: ToolProvider = {
  functions: [
    new FunctionTool({
      name: 'research-assistant_summarize_topic',
      description: 'Summarize a topic',
      inputSchema: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] },
      execute: async (args: Record<string, unknown>) => `Summary of ${String(args.topic)}`,
    }),
  ],
}

function registry(overrides: Partial<CompileRegistry> & { client?: ChatClient } = {}): CompileRegistry {
  const client = overrides.client ?? new DemoChatClient()
  return {
    chatClient: () => client,
    mcpServer: (id) => {
      if (id !== 'research-assistant') throw new Error(`unknown server ${id}`)
      return researchServer
    },
    functionTool: (name) => (name === 'add' ? (add as unknown as FunctionTool) : undefined),
    ...overrides,
  }
}

async function outputsOf(document: GraphDocument, input: string, reg = registry()) {
  const result = await compile(document, reg).run(input)
  return result.getOutputs()
}

describe('compile: start → agent → output', () => {
  it('runs the seeded example with the demo model', async () => {
    expect(await outputsOf(exampleWorkflowDocument(), 'octopuses')).toEqual(['Demo reply: octopuses'])
  })

  it("gives the agent its MCP server's tools", async () => {
    const outputs = await outputsOf(exampleWorkflowDocument(), '/call research-assistant_summarize_topic {"topic":"bees"}')
    expect(outputs).toEqual(['Result: Summary of bees'])
  })

  it('passes instructions and model settings, and sends the reply text on', async () => {
    const client = new ScriptedChatClient([modelResponse('first answer'), modelResponse('second answer')])
    const document = graph()
      .start()
      .agent('a', { instructions: 'Be brief.', model: { provider: 'demo', temperature: 0.3, maxTokens: 77, model: 'm1' } })
      .agent('b')
      .output()
      .chain('start', 'a', 'b', 'output')
      .build()
    expect(await outputsOf(document, 'question', registry({ client }))).toEqual(['second answer'])
    expect(client.calls[0]!.options).toMatchObject({ instructions: 'Be brief.', temperature: 0.3, maxTokens: 77, model: 'm1' })
    // b sees a's reply as its input, not a's whole conversation
    expect(client.calls[1]!.messages.map((m) => [m.role, m.text])).toEqual([['user', 'first answer']])
    client.assertComplete()
  })

  it('emits agent events while streaming', async () => {
    const types: string[] = []
    for await (const event of compile(exampleWorkflowDocument(), registry()).runStream('hi')) types.push(event.type)
    expect(types).toEqual(expect.arrayContaining(['agent_update', 'agent_response', 'output']))
  })
})

describe('compile: logic nodes', () => {
  const routed = () =>
    graph()
      .start()
      .node('route', 'condition', {
        cases: [
          { id: 'urgent', expression: 'input.contains("urgent")' },
          { id: 'short', expression: 'size(input) < 5' },
        ],
      })
      .node('mark', 'transform', { expression: '"URGENT: " + input' })
      .output()
      .chain('start', 'route')
      .edge('route', 'mark', { sourceHandle: 'urgent' })
      .edge('mark', 'output')
      .edge('route', 'output', { sourceHandle: 'default' })
      .build()

  it('routes by the first true case, else default; an unconnected case swallows its messages', async () => {
    expect(await outputsOf(routed(), 'this is urgent')).toEqual(['URGENT: this is urgent'])
    expect(await outputsOf(routed(), 'a long calm message')).toEqual(['a long calm message'])
    expect(await outputsOf(routed(), 'hi')).toEqual([])
  })

  it('honours edge conditions', async () => {
    const document = graph().start().output().edge('start', 'output', { condition: 'input.startsWith("go")' }).build()
    expect(await outputsOf(document, 'go on')).toEqual(['go on'])
    expect(await outputsOf(document, 'stop')).toEqual([])
  })

  it('fans out and joins the branches as text or as a list', async () => {
    const build = (join: 'text' | 'list') =>
      graph()
        .start()
        .node('split', 'fan_out')
        .node('one', 'transform', { expression: '"1:" + input' })
        .node('two', 'transform', { expression: '"2:" + input' })
        .node('join', 'fan_in', { join, separator: ' | ' })
        .output()
        .chain('start', 'split', 'one', 'join', 'output')
        .chain('split', 'two', 'join')
        .build()
    const [text] = await outputsOf(build('text'), 'x')
    expect(String(text).split(' | ').sort()).toEqual(['1:x', '2:x'])
    const [list] = await outputsOf(build('list'), 'x')
    expect((list as string[]).sort()).toEqual(['1:x', '2:x'])
  })

  it('transforms into structured messages that conditions can read', async () => {
    const document = graph()
      .start()
      .node('shape', 'transform', { expression: '{"text": input, "long": size(input) > 3}' })
      .output()
      .chain('start', 'shape')
      .edge('shape', 'output', { condition: 'input.long' })
      .build()
    expect(await outputsOf(document, 'hello')).toEqual([{ text: 'hello', long: true }])
    expect(await outputsOf(document, 'hi')).toEqual([])
  })

  it('loops until a condition lets the message out', async () => {
    const document = graph()
      .start()
      .node('grow', 'transform', { expression: 'input + "x"' })
      .node('check', 'condition', { cases: [{ id: 'again', expression: 'size(input) < 4' }] })
      .output()
      .chain('start', 'grow', 'check')
      .edge('check', 'grow', { sourceHandle: 'again' })
      .edge('check', 'output', { sourceHandle: 'default' })
      .build()
    expect(await outputsOf(document, 'a')).toEqual(['axxx'])
  })

  it('asks a person through human_input and continues with the answer', async () => {
    const document = graph().start().node('ask', 'human_input', { prompt: 'Approve?' }).output().chain('start', 'ask', 'output').build()
    const workflow = compile(document, registry())
    const first = await workflow.run('draft text')
    const [request] = first.getRequestInfoEvents()
    expect(request).toMatchObject({ executorId: 'ask', data: { type: 'human_input', nodeId: 'ask', prompt: 'Approve?', input: 'draft text' } })
    expect(first.getOutputs()).toEqual([])
    const second = await workflow.run(undefined, { responses: { [request!.requestId]: 'yes, ship it' } })
    expect(second.getOutputs()).toEqual(['yes, ship it'])
  })
})

describe('compile: tools and approvals', () => {
  it('resolves function tools by name', async () => {
    const document = graph()
      .start()
      .agent('calc', { functionTools: ['add'] })
      .output()
      .chain('start', 'calc', 'output')
      .build()
    expect(await outputsOf(document, '/call add {"a":2,"b":40}')).toEqual(['Result: 42'])
  })

  it("overrides the tools' approval mode without changing the shared tool", async () => {
    const document = graph()
      .start()
      .agent('calc', { functionTools: ['add'], mcpServerIds: ['research-assistant'], toolApprovalMode: 'always_require' })
      .output()
      .chain('start', 'calc', 'output')
      .build()
    const workflow = compile(document, registry())
    const first = await workflow.run('/call add {"a":1,"b":2}')
    const [request] = first.getRequestInfoEvents()
    expect(request?.data).toMatchObject({ type: 'function_approval_request', functionCall: { name: 'add' } })
    expect(add.approvalMode).toBe('never_require')
    expect(researchServer.functions[0]!.approvalMode).toBe('never_require')
    const second = await workflow.run(undefined, { responses: { [request!.requestId]: true } })
    expect(second.getOutputs()).toEqual(['Result: 3'])
  })

  it('refuses an unknown function tool', () => {
    const document = graph()
      .start()
      .agent('calc', { functionTools: ['nope'] })
      .output()
      .chain('start', 'calc', 'output')
      .build()
    expect(() => compile(document, registry())).toThrow(/function tool "nope", which is not registered/)
  })
})

describe('compile: documents and references', () => {
  it('refuses a document with errors, carrying the problems', () => {
    const document = graph().start().agent('a').chain('start', 'a').build()
    try {
      compile(document, registry())
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(GraphCompileError)
      expect((error as GraphCompileError).problems.map((p) => p.code)).toContain('missing_output')
    }
  })

  it('checks a document again on every compile until it passes, and compiles a valid one as often as asked', async () => {
    const invalid = graph().start().agent('a').chain('start', 'a').build()
    expect(() => compile(invalid, registry())).toThrow(GraphCompileError)
    expect(() => compile(invalid, registry())).toThrow(GraphCompileError)
    const valid = graph().start().output().chain('start', 'output').build()
    expect(await outputsOf(valid, 'first')).toEqual(['first'])
    expect(await outputsOf(valid, 'second')).toEqual(['second'])
  })

  it('leaves unreachable nodes out', async () => {
    const document = graph().start().output().agent('loose').agent('loose2').chain('start', 'output').chain('loose', 'loose2').build()
    expect(await outputsOf(document, 'ok')).toEqual(['ok'])
  })

  it('ignores edges leaving an output node', async () => {
    const document = graph().start().output().agent('after').chain('start', 'output', 'after').build()
    expect(await outputsOf(document, 'ok')).toEqual(['ok'])
  })

  it('runs a sub-workflow and refuses one that includes itself', async () => {
    const inner = graph().start().node('up', 'transform', { expression: 'input + "!"' }).output().chain('start', 'up', 'output').build()
    const outer = graph().start().node('sub', 'sub_workflow', { workflowId: 'inner' }).output().chain('start', 'sub', 'output').build()
    const reg = registry({ subWorkflow: (id) => (id === 'inner' ? inner : id === 'outer' ? outer : undefined) })
    expect(await outputsOf(outer, 'hey', reg)).toEqual(['hey!'])

    const selfish = graph().start().node('sub', 'sub_workflow', { workflowId: 'outer' }).output().chain('start', 'sub', 'output').build()
    expect(() => compile(selfish, registry({ subWorkflow: () => selfish }))).toThrow(/cannot include themselves/)
    expect(() => compile(outer, registry())).toThrow(/sub-workflows are not available/)
  })

  it("asks a person for a sub-workflow's human_input and hands the answer back to it", async () => {
    const inner = graph().start().node('ask', 'human_input', { prompt: 'Approve?' }).output().chain('start', 'ask', 'output').build()
    const outer = graph().start().node('sub', 'sub_workflow', { workflowId: 'inner' }).output().chain('start', 'sub', 'output').build()
    const workflow = compile(outer, registry({ subWorkflow: (id) => (id === 'inner' ? inner : undefined) }))
    const first = await workflow.run('draft')
    const [request] = first.getRequestInfoEvents()
    expect(request).toMatchObject({ executorId: 'sub', data: { type: 'human_input', prompt: 'Approve?', input: 'draft' } })
    expect(first.getFinalState()).toBe('IDLE_WITH_PENDING_REQUESTS')
    const second = await workflow.run(undefined, { responses: { [request!.requestId]: 'approved' } })
    expect(second.getOutputs()).toEqual(['approved'])
  })
})

describe('compile: a start node that declares its input', () => {
  const declared = () =>
    graph().start('start', {
      inputFields: [
        { name: 'topic', type: 'string' },
        { name: 'count', type: 'integer', required: false },
      ],
    })

  it('sends the checked object on: transforms read its fields, agents read its JSON text', async () => {
    const shout = declared().node('shout', 'transform', { expression: 'input.topic + "!"' }).output().chain('start', 'shout', 'output').build()
    expect(await outputsOf(shout, '{"topic":"bees","count":2}')).toEqual(['bees!'])

    const client = new ScriptedChatClient([modelResponse({ text: 'noted' })])
    const ask = declared().agent('writer').output().chain('start', 'writer', 'output').build()
    expect(await outputsOf(ask, '{"topic":"bees"}', registry({ client }))).toEqual(['noted'])
    expect(client.lastCall?.messages.at(-1)?.text).toBe(JSON.stringify({ topic: 'bees' }, null, 2))
  })

  it('fails the run with the problems when the input does not match', async () => {
    const document = declared().output().chain('start', 'output').build()
    await expect(compile(document, registry()).run('{"count":1.5}')).rejects.toThrow(
      'The run input does not match the start node\'s input fields: "topic" is required. "count" must be a whole number.',
    )
    await expect(compile(document, registry()).run('bees')).rejects.toThrow('must be a JSON object')
  })

  it('takes text as before when nothing is declared', async () => {
    expect(await outputsOf(graph().start().output().chain('start', 'output').build(), '{"topic":"bees"}')).toEqual(['{"topic":"bees"}'])
  })
})
