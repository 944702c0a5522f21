import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { afterEach, describe, expect, it } from 'vitest'
import { Agent } from '../agents'
import { MCPConfigurationError, ToolExecutionException } from '../errors'
import { FunctionInvocationContext } from '../middleware'
import { AgentSession } from '../sessions/agent-session'
import { ScriptedChatClient, functionCall, modelFunctionCalls, modelResponse } from '../testing'
import type { FunctionTool } from '../tools/function-tool'
import { tool as defineTool } from '../tools/tool'
import { RunToolSet } from '../tools/tool-set'
import { Message, toFunctionApprovalResponse, type AgentResponse, type FunctionResultContent } from '../types'
import { PROGRESSIVE_DISCLOSURE_REQUIRES_LOAD_TOOLS, type ListedMCPTool } from './progressive-disclosure'
import { InMemoryMCPTool, type InMemoryMCPToolOptions } from './testing/in-memory-tool'
import { recordingLogger } from './testing/recording-chat-client'
import { createRecordingServer, declaredTool, recordingServerState, type RecordingServerState } from './testing/recording-server'

const open: InMemoryMCPTool[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((tool) => tool.close()))
})

const LOADERS = ['list_mcp_tools', 'load_tool', 'unload_tool']

function serverState(): RecordingServerState {
  return recordingServerState([
    declaredTool('search', ['query'], { description: 'Search the docs.' }),
    declaredTool('fetch', ['url']),
    declaredTool('status', []),
    declaredTool('admin', []),
  ])
}

async function progressiveTool(state: RecordingServerState, options: Partial<InMemoryMCPToolOptions> = {}): Promise<InMemoryMCPTool> {
  const servers: Server[] = []
  const tool = new InMemoryMCPTool({
    name: 'docs',
    logger: recordingLogger(),
    serverFactory: () => {
      const server = createRecordingServer(state)
      servers.push(server)
      return server
    },
    useProgressiveDisclosure: true,
    ...options,
  })
  open.push(tool)
  await tool.connect()
  return tool
}

const names = (tools: readonly FunctionTool[]) => tools.map((fn) => fn.name)

/** Calls a loader tool the way the function-invocation loop does: with a context on the run's tool set. */
function callLoader(toolSet: RunToolSet, name: string, args: Record<string, unknown> = {}): Promise<unknown> {
  const loader = toolSet.lookup(name)
  if (!loader) throw new Error(`${name} is not offered`)
  const context = new FunctionInvocationContext({ function: loader, arguments: args, callId: 'c', toolSet })
  return loader.invoke(args, { context })
}

async function listed(toolSet: RunToolSet, name = 'list_mcp_tools'): Promise<ListedMCPTool[]> {
  return JSON.parse((await callLoader(toolSet, name)) as string) as ListedMCPTool[]
}

describe('progressive disclosure: what is offered', () => {
  it('offers only the three loader tools by default, never requiring approval', async () => {
    const tool = await progressiveTool(serverState())
    expect(names(tool.functions)).toEqual(LOADERS)
    const [list, load, unload] = tool.functions
    expect(list!.description).toBe('List the MCP tools that can be loaded from this server.')
    expect(list!.inputSchema).toEqual({ type: 'object', properties: {} })
    expect(load!.description).toBe('Load an MCP tool from this server so it can be called on the next iteration.')
    expect(unload!.description).toBe('Unload an MCP tool from this server when it is no longer relevant.')
    expect(load!.inputSchema).toEqual({
      type: 'object',
      properties: {
        tool: {
          anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
          description: 'The MCP tool name, or MCP tool names, to load.',
        },
      },
      required: ['tool'],
    })
    expect((unload!.inputSchema.properties as Record<string, { description: string }>).tool.description).toBe(
      'The MCP tool name, or MCP tool names, to unload.',
    )
    expect(tool.functions.map((fn) => fn.approvalMode)).toEqual(['never_require', 'never_require', 'never_require'])
  })

  it('offers alwaysLoad tools from the start; alwaysLoad cannot widen allowedTools and unknown names are ignored', async () => {
    const tool = await progressiveTool(serverState(), { allowedTools: ['search', 'status'], alwaysLoad: ['status', 'admin', 'nope'] })
    expect(names(tool.functions)).toEqual([...LOADERS, 'status'])
    // What load_tool can add: the allowed tools, loaded or not.
    expect(names([...tool.availableFunctions])).toEqual(['search', 'status'])
  })

  it('prefixes the loader tools like the server tools and matches alwaysLoad by remote or prefixed name', async () => {
    const tool = await progressiveTool(serverState(), { toolNamePrefix: 'docs', alwaysLoad: ['status', 'docs_fetch'] })
    expect(names(tool.functions)).toEqual(['docs_list_mcp_tools', 'docs_load_tool', 'docs_unload_tool', 'docs_fetch', 'docs_status'])
  })

  it('is off by default: every allowed tool is offered', async () => {
    const tool = await progressiveTool(serverState(), { useProgressiveDisclosure: undefined, alwaysLoad: ['status'] })
    expect(names(tool.functions)).toEqual(['search', 'fetch', 'status', 'admin'])
    expect(tool.availableFunctions).toEqual(tool.functions)
  })

  it('rejects useProgressiveDisclosure with loadTools: false', () => {
    const create = () =>
      new InMemoryMCPTool({ name: 'docs', serverFactory: () => createRecordingServer(serverState()), useProgressiveDisclosure: true, loadTools: false })
    expect(create).toThrow(MCPConfigurationError)
    expect(create).toThrow(PROGRESSIVE_DISCLOSURE_REQUIRES_LOAD_TOOLS)
    expect(PROGRESSIVE_DISCLOSURE_REQUIRES_LOAD_TOOLS).toBe('useProgressiveDisclosure requires loadTools: true.')
  })
})

describe('list_mcp_tools', () => {
  it('lists the allowed tools with their schema, approval mode and loaded state', async () => {
    const tool = await progressiveTool(serverState(), {
      allowedTools: ['search', 'fetch', 'status'],
      alwaysLoad: ['status'],
      approvalMode: { alwaysRequireApproval: ['fetch'] },
    })
    const toolSet = new RunToolSet([tool])
    await callLoader(toolSet, 'load_tool', { tool: 'search' })
    expect(await listed(toolSet)).toEqual([
      {
        name: 'search',
        remote_name: 'search',
        description: 'Search the docs.',
        parameters: { type: 'object', properties: { query: { type: 'string' } } },
        approval_mode: 'never_require',
        loaded: true,
        always_loaded: false,
      },
      {
        name: 'fetch',
        remote_name: 'fetch',
        description: '',
        parameters: { type: 'object', properties: { url: { type: 'string' } } },
        approval_mode: 'always_require',
        loaded: false,
        always_loaded: false,
      },
      {
        name: 'status',
        remote_name: 'status',
        description: '',
        parameters: { type: 'object', properties: {} },
        approval_mode: 'never_require',
        loaded: true,
        always_loaded: true,
      },
    ])
  })

  it('works outside an agent run (it changes nothing)', async () => {
    const tool = await progressiveTool(serverState(), { allowedTools: ['status'] })
    const result = await tool.functions[0]!.invoke({})
    expect((JSON.parse(result as string) as ListedMCPTool[]).map((entry) => entry.name)).toEqual(['status'])
  })
})

describe('load_tool', () => {
  it('adds the tool from the next iteration on and keeps it offered by the MCPTool', async () => {
    const tool = await progressiveTool(serverState())
    const toolSet = new RunToolSet([tool])
    expect(await callLoader(toolSet, 'load_tool', { tool: 'search' })).toBe("Loaded MCP tool 'search'. It is available on the next model iteration.")
    expect(names(toolSet.current)).toEqual(LOADERS)
    toolSet.refresh()
    expect(names(toolSet.current)).toEqual([...LOADERS, 'search'])
    expect(names(tool.functions)).toEqual([...LOADERS, 'search'])
    expect(names(new RunToolSet([tool]).current)).toEqual([...LOADERS, 'search'])
  })

  it('answers each requested name on its own line', async () => {
    const tool = await progressiveTool(serverState(), { alwaysLoad: ['status'] })
    const toolSet = new RunToolSet([tool])
    const result = await callLoader(toolSet, 'load_tool', { tool: ['search', 'fetch', 'search', 'status', 'nope'] })
    expect((result as string).split('\n')).toEqual([
      "Loaded MCP tool 'search'. It is available on the next model iteration.",
      "Loaded MCP tool 'fetch'. It is available on the next model iteration.",
      "MCP tool 'search' is already queued to load.",
      "MCP tool 'status' is already available.",
      "MCP tool 'nope' is not available. Available tools: search, fetch, status, admin.",
    ])
    toolSet.refresh()
    expect(await callLoader(toolSet, 'load_tool', { tool: 'search' })).toBe("MCP tool 'search' is already available.")
  })

  it('cannot load a tool outside allowedTools', async () => {
    const tool = await progressiveTool(serverState(), { allowedTools: ['search'] })
    const toolSet = new RunToolSet([tool])
    expect(await callLoader(toolSet, 'load_tool', { tool: 'admin' })).toBe("MCP tool 'admin' is not available. Available tools: search.")
    expect(await callLoader(toolSet, 'load_tool', { tool: [] })).toBe('No MCP tools requested.')
    const none = await progressiveTool(serverState(), { allowedTools: [] })
    expect(await callLoader(new RunToolSet([none]), 'load_tool', { tool: 'search' })).toBe("MCP tool 'search' is not available. Available tools: none.")
  })

  it('resolves remote and prefixed names; an ambiguous name loads nothing', async () => {
    const state = recordingServerState([declaredTool('b', []), declaredTool('a_b', []), declaredTool('c', [])])
    const tool = await progressiveTool(state, { toolNamePrefix: 'a' })
    const toolSet = new RunToolSet([tool])
    expect(await callLoader(toolSet, 'a_load_tool', { tool: ['c', 'a_a_b', 'a_b'] })).toBe(
      [
        "Loaded MCP tool 'a_c'. It is available on the next model iteration.",
        "Loaded MCP tool 'a_a_b'. It is available on the next model iteration.",
        "MCP tool name 'a_b' is ambiguous.",
      ].join('\n'),
    )
    toolSet.refresh()
    expect(names(toolSet.current)).toEqual(['a_list_mcp_tools', 'a_load_tool', 'a_unload_tool', 'a_a_b', 'a_c'])
  })

  it('never offers a server tool named like a loader tool', async () => {
    const state = recordingServerState([declaredTool('load_tool', []), declaredTool('search', ['query'])])
    const tool = await progressiveTool(state, { alwaysLoad: ['load_tool'] })
    const toolSet = new RunToolSet([tool])
    expect(names(tool.functions)).toEqual(LOADERS)
    expect((await listed(toolSet)).map((entry) => entry.name)).toEqual(['search'])
    expect(await callLoader(toolSet, 'load_tool', { tool: 'load_tool' })).toBe(
      "MCP tool 'load_tool' conflicts with progressive disclosure loader tool name(s): list_mcp_tools, load_tool, unload_tool. " +
        'Set toolNamePrefix or exclude the colliding MCP tool.',
    )
  })

  it('refuses a name another tool of the run already has instead of breaking the run', async () => {
    const tool = await progressiveTool(serverState())
    const mySearch = defineTool({ name: 'search', execute: () => 'mine' })
    const toolSet = new RunToolSet([tool, mySearch])
    expect(await callLoader(toolSet, 'load_tool', { tool: 'search' })).toBe("Cannot load MCP tool 'search': another tool already has that name.")
    toolSet.refresh()
    expect(toolSet.lookup('search')).toBe(mySearch)
  })

  it('needs the invocation context of an agent run and a string or list of strings', async () => {
    const tool = await progressiveTool(serverState())
    const load = tool.functions[1]!
    await expect(load.invoke({ tool: 'search' })).rejects.toThrow(
      new ToolExecutionException('load_tool can only be used inside an agent function-calling run.'),
    )
    await expect(tool.functions[2]!.invoke({ tool: 'search' })).rejects.toThrow('unload_tool can only be used inside an agent function-calling run.')
    const toolSet = new RunToolSet([tool])
    await expect(callLoader(toolSet, 'load_tool', { tool: 42 })).rejects.toThrow('Progressive MCP tool request must be a string or a list of strings.')
    expect(load.parseArguments({ tool: 42 }).ok).toBe(false)
    expect(load.parseArguments({ tool: ['a', 'b'] }).ok).toBe(true)
  })

  it('tells onFunctionsChanged when loading changes what is offered', async () => {
    const changes: string[][] = []
    const tool = await progressiveTool(serverState(), { onFunctionsChanged: (functions) => changes.push(names(functions)) })
    changes.length = 0
    const toolSet = new RunToolSet([tool])
    await callLoader(toolSet, 'load_tool', { tool: 'nope' })
    await callLoader(toolSet, 'load_tool', { tool: 'fetch' })
    expect(changes).toEqual([[...LOADERS, 'fetch']])
  })

  it('keeps loaded tools across a reload of the tool list', async () => {
    const state = serverState()
    const tool = await progressiveTool(state)
    await callLoader(new RunToolSet([tool]), 'load_tool', { tool: 'search' })
    state.tools.push(declaredTool('extra', []))
    await tool.loadTools()
    expect(names(tool.functions)).toEqual([...LOADERS, 'search'])
    expect((await listed(new RunToolSet([tool]))).map((entry) => entry.name)).toContain('extra')
  })
})

describe('unload_tool', () => {
  it('withdraws a loaded tool from the next iteration on and from the MCPTool', async () => {
    const tool = await progressiveTool(serverState())
    const toolSet = new RunToolSet([tool])
    await callLoader(toolSet, 'load_tool', { tool: ['search', 'fetch'] })
    toolSet.refresh()
    expect(await callLoader(toolSet, 'unload_tool', { tool: 'search' })).toBe("Unloaded MCP tool 'search'. It will be removed on the next model iteration.")
    expect(names(toolSet.current)).toEqual([...LOADERS, 'search', 'fetch'])
    toolSet.refresh()
    expect(names(toolSet.current)).toEqual([...LOADERS, 'fetch'])
    expect(names(tool.functions)).toEqual([...LOADERS, 'fetch'])

    // Loading it again in the same run offers it again.
    await callLoader(toolSet, 'load_tool', { tool: 'search' })
    toolSet.refresh()
    expect(names(toolSet.current)).toEqual([...LOADERS, 'search', 'fetch'])
  })

  it('answers each requested name on its own line and never unloads loaders or alwaysLoad tools', async () => {
    const tool = await progressiveTool(serverState(), { alwaysLoad: ['status'] })
    const toolSet = new RunToolSet([tool])
    await callLoader(toolSet, 'load_tool', { tool: 'search' })
    toolSet.refresh()
    const result = await callLoader(toolSet, 'unload_tool', { tool: ['load_tool', 'status', 'fetch', 'search', 'search', 'nope'] })
    expect((result as string).split('\n')).toEqual([
      "MCP loader tool 'load_tool' cannot be unloaded.",
      "MCP tool 'status' is configured in alwaysLoad and cannot be unloaded.",
      "MCP tool 'fetch' is not currently loaded.",
      "Unloaded MCP tool 'search'. It will be removed on the next model iteration.",
      "MCP tool 'search' is already queued to unload.",
      "MCP tool 'nope' is not available. Available tools: search, fetch, status, admin.",
    ])
    expect(await callLoader(toolSet, 'unload_tool', { tool: [] })).toBe('No MCP tools requested.')
    toolSet.refresh()
    expect(names(toolSet.current)).toEqual([...LOADERS, 'status'])
  })
})

function functionResults(response: AgentResponse): FunctionResultContent[] {
  return response.messages.flatMap((message) => message.contents.filter((c): c is FunctionResultContent => c.type === 'function_result'))
}

describe('progressive disclosure in an agent run', () => {
  it('lists, loads, calls the loaded tool on the next turn (allowlist applied), then unloads it', async () => {
    const state = serverState()
    const tool = await progressiveTool(state, { alwaysLoad: ['status'] })
    const client = new ScriptedChatClient([
      modelFunctionCalls(functionCall('list_mcp_tools', {}, 'list'), functionCall('load_tool', { tool: 'search' }, 'load')),
      modelFunctionCalls(functionCall('search', { query: 'otters', apiKey: 'secret' }, 'search')),
      modelFunctionCalls(functionCall('unload_tool', { tool: 'search' }, 'unload')),
      modelResponse('Otters found.'),
    ])
    const agent = new Agent({ client, tools: [tool] })

    const response = await agent.run('Find otters in the docs.')

    expect(response.text).toBe('Otters found.')
    client.assertComplete()
    expect(client.calls.map((call) => names(call.options.tools as FunctionTool[]))).toEqual([
      [...LOADERS, 'status'],
      [...LOADERS, 'search', 'status'],
      [...LOADERS, 'search', 'status'],
      [...LOADERS, 'status'],
    ])
    const results = Object.fromEntries(functionResults(response).map((result) => [result.callId, result.result]))
    expect((JSON.parse(results.list as string) as ListedMCPTool[]).map((entry) => [entry.name, entry.loaded])).toEqual([
      ['search', false],
      ['fetch', false],
      ['status', true],
      ['admin', false],
    ])
    expect(results.load).toBe("Loaded MCP tool 'search'. It is available on the next model iteration.")
    expect(results.search).toBe('{"query":"otters"}')
    expect(results.unload).toBe("Unloaded MCP tool 'search'. It will be removed on the next model iteration.")
    // The argument allowlist still decides what reaches the server.
    expect(state.calls).toEqual([{ name: 'search', arguments: { query: 'otters' }, meta: undefined }])
    expect(names(tool.functions)).toEqual([...LOADERS, 'status'])
  })

  it('does not offer a tool that was not loaded: calling it reaches nothing', async () => {
    const state = serverState()
    const tool = await progressiveTool(state)
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('fetch', { url: 'https://x' }, 'fetch')), modelResponse('Could not fetch.')])
    const response = await new Agent({ client, tools: [tool] }).run('Fetch x.')
    expect(functionResults(response)).toMatchObject([{ callId: 'fetch', result: 'Error: Requested function "fetch" not found.' }])
    expect(state.calls).toEqual([])
  })

  it("answers load_tool's unknown names in the run", async () => {
    const tool = await progressiveTool(serverState(), { allowedTools: ['search', 'fetch'] })
    const client = new ScriptedChatClient([modelFunctionCalls(functionCall('load_tool', { tool: 'admin' }, 'load')), modelResponse('No admin tool.')])
    const response = await new Agent({ client, tools: [tool] }).run('Use admin.')
    expect(functionResults(response)).toMatchObject([{ callId: 'load', result: "MCP tool 'admin' is not available. Available tools: search, fetch." }])
  })

  it('keeps a loaded tool that needs approval for the run that carries the approval', async () => {
    const state = serverState()
    const tool = await progressiveTool(state, { approvalMode: { alwaysRequireApproval: ['fetch'] } })
    const client = new ScriptedChatClient([
      modelFunctionCalls(functionCall('load_tool', { tool: 'fetch' }, 'load')),
      modelFunctionCalls(functionCall('fetch', { url: 'https://x' }, 'fetch')),
      modelResponse('Fetched.'),
    ])
    const agent = new Agent({ client, tools: [tool] })
    const session = new AgentSession()

    const paused = await agent.run('Fetch x.', { session })
    expect(paused.userInputRequests).toHaveLength(1)
    expect(state.calls).toEqual([])

    const approval = new Message({ role: 'user', contents: paused.userInputRequests.map((request) => toFunctionApprovalResponse(request, true)) })
    const resumed = await agent.run(approval, { session })
    expect(resumed.text).toBe('Fetched.')
    expect(state.calls).toEqual([{ name: 'fetch', arguments: { url: 'https://x' }, meta: undefined }])
    client.assertComplete()
  })
})
