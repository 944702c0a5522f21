import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { afterEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ToolExecutionException } from '../errors'
import { InMemoryMCPTool, type InMemoryMCPToolOptions } from './testing/in-memory-tool'
import { createRecordingServer, declaredTool, recordingServerState, type RecordingServerState } from './testing/recording-server'
import { RecordingChatClient, recordingLogger, textResponse } from './testing/recording-chat-client'

const open: InMemoryMCPTool[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((tool) => tool.close()))
})

function inMemoryTool(options: Partial<InMemoryMCPToolOptions> & Pick<InMemoryMCPToolOptions, 'serverFactory'>): InMemoryMCPTool {
  const tool = new InMemoryMCPTool({ name: 'mem', logger: recordingLogger(), ...options })
  open.push(tool)
  return tool
}

function recordingTool(state: RecordingServerState, options: Partial<InMemoryMCPToolOptions> = {}) {
  const servers: Server[] = []
  const tool = inMemoryTool({
    serverFactory: () => {
      const server = createRecordingServer(state)
      servers.push(server)
      return server
    },
    ...options,
  })
  return { tool, servers }
}

describe('MCPTool allowlist and _meta end to end', () => {
  it('test_call_tool_forwards_only_declared_arguments', async () => {
    const state = recordingServerState([declaredTool('search', ['query'])])
    const { tool } = recordingTool(state)
    await tool.connect()
    await tool.callTool('search', { query: 'x', thread: { id: 1 }, secret: 'token', conversationId: 'c' })
    expect(state.calls).toEqual([{ name: 'search', arguments: { query: 'x' }, meta: undefined }])
  })

  it('test_mcp_tool_filters_framework_kwargs', async () => {
    const state = recordingServerState([declaredTool('search', ['query'])])
    const { tool } = recordingTool(state, { additionalToolArgumentNames: { '*': ['tenant'] } })
    await tool.connect()
    const search = tool.functions[0]!
    const result = await search.invoke({ query: 'x' }, { kwargs: { chatOptions: { temperature: 1 }, tools: [], session: {}, apiKey: 'secret', tenant: 't1' } })
    expect(state.calls[0]!.arguments).toEqual({ query: 'x', tenant: 't1' })
    expect(JSON.parse(result as string)).toEqual({ query: 'x', tenant: 't1' })
  })

  it('test_mcp_tool_call_tool_otel_meta', async () => {
    let activeSpan: Record<string, string> | undefined
    const state = recordingServerState([declaredTool('search', ['query'])])
    const { tool } = recordingTool(state, { traceMetaProvider: () => activeSpan })
    await tool.connect()
    await tool.callTool('search', { query: 'a' })
    activeSpan = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }
    await tool.callTool('search', { query: 'b' })
    expect(state.calls[0]!.meta).toBeUndefined()
    expect(state.calls[1]!.meta).toEqual(activeSpan)
  })

  it('test_mcp_tool_call_tool_forwards_tool_list_meta', async () => {
    const state = recordingServerState([declaredTool('search', ['query'], { _meta: { 'proxy.example/route': 'r1' } })])
    const { tool } = recordingTool(state)
    await tool.connect()
    await tool.callTool('search', { query: 'a' })
    expect(state.calls[0]!.meta).toEqual({ 'proxy.example/route': 'r1' })
  })

  it('test_mcp_tool_call_tool_user_meta_merges_with_tool_list_meta', async () => {
    const state = recordingServerState([declaredTool('search', ['query'], { _meta: { 'proxy.example/route': 'r1', shared: 'tool-list' } })])
    const { tool } = recordingTool(state)
    await tool.connect()
    const userMeta = { shared: 'user', mine: 'u' }
    await tool.callTool('search', { query: 'a', _meta: userMeta })
    expect(state.calls[0]!.meta).toEqual({ 'proxy.example/route': 'r1', shared: 'tool-list', mine: 'u' })
    expect(userMeta).toEqual({ shared: 'user', mine: 'u' })
  })

  it('test_mcp_tool_call_tool_otel_meta_overrides_user_meta_but_not_tool_list_meta', async () => {
    const state = recordingServerState([declaredTool('search', ['query'], { _meta: { traceparent: 'tool-list' } })])
    const { tool } = recordingTool(state, { traceMetaProvider: () => ({ traceparent: 'otel', tracestate: 'otel' }) })
    await tool.connect()
    await tool.callTool('search', { query: 'a', _meta: { tracestate: 'user', mine: 'u' } })
    expect(state.calls[0]!.meta).toEqual({ traceparent: 'tool-list', tracestate: 'otel', mine: 'u' })
  })

  it('test_mcp_tool_function_invocation_strips_model_supplied_meta', async () => {
    const state = recordingServerState([declaredTool('search', ['query'])])
    const { tool } = recordingTool(state)
    await tool.connect()
    await tool.functions[0]!.invoke({ query: 'a', _meta: { 'evil.example/x': 1 } }, { kwargs: {} })
    expect(state.calls[0]!.meta).toBeUndefined()
    expect(state.calls[0]!.arguments).toEqual({ query: 'a' })
  })

  it('test_mcp_tool_function_invocation_preserves_trusted_meta_over_model_meta', async () => {
    const state = recordingServerState([declaredTool('search', ['query'])])
    const { tool } = recordingTool(state)
    await tool.connect()
    await tool.functions[0]!.invoke({ query: 'a', _meta: { 'evil.example/x': 1 } }, { kwargs: { _meta: { 'trusted.example/tenant': 't' } } })
    expect(state.calls[0]!.meta).toEqual({ 'trusted.example/tenant': 't' })
  })

  it('test_load_tools_concurrent_reload_does_not_duplicate_tools_and_preserves_meta', async () => {
    const state = recordingServerState([declaredTool('search', ['query'], { _meta: { 'proxy.example/route': 'r1' } }), declaredTool('fetch', ['url'])])
    const { tool } = recordingTool(state)
    await tool.connect()
    await Promise.all([tool.loadTools(), tool.loadTools(), tool.loadTools()])
    expect(tool.functions.map((fn) => fn.name)).toEqual(['search', 'fetch'])
    await tool.callTool('search', { query: 'q', extra: 1 })
    expect(state.calls[0]).toEqual({ name: 'search', arguments: { query: 'q' }, meta: { 'proxy.example/route': 'r1' } })
  })
})

describe('MCPTool sampling capability', () => {
  it('test_connect_sampling_capabilities_with_client', async () => {
    const state = recordingServerState([])
    const { tool, servers } = recordingTool(state, { client: new RecordingChatClient() })
    await tool.connect()
    expect(servers[0]!.getClientCapabilities()?.sampling).toEqual({ tools: {} })
  })

  it('test_connect_no_sampling_capabilities_without_client', async () => {
    const state = recordingServerState([])
    const { tool, servers } = recordingTool(state)
    await tool.connect()
    expect(servers[0]!.getClientCapabilities()?.sampling).toBeUndefined()
    expect(servers[0]!.getClientCapabilities()?.elicitation).toBeUndefined()
  })

  it('resets the sampling counter on reconnect', async () => {
    const client = new RecordingChatClient([], textResponse('ok'))
    let server!: McpServer
    const tool = inMemoryTool({
      client,
      samplingApprovalCallback: () => true,
      samplingMaxRequests: 1,
      serverFactory: () => {
        server = new McpServer({ name: 's', version: '1' })
        server.registerTool('ask', { inputSchema: {} }, async () => {
          try {
            const result = await server.server.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'q' } }], maxTokens: 10 })
            return { content: [{ type: 'text', text: result.content.type === 'text' ? result.content.text : '' }] }
          } catch (error) {
            return { isError: true, content: [{ type: 'text', text: (error as Error).message }] }
          }
        })
        return server
      },
    })
    await tool.connect()
    expect((await tool.callTool('ask')).content).toEqual([{ type: 'text', text: 'ok' }])
    await expect(tool.callTool('ask')).rejects.toThrow(/rate limit/)
    await tool.connect({ reset: true })
    expect((await tool.callTool('ask')).content).toEqual([{ type: 'text', text: 'ok' }])
  })
})

describe('MCPTool lifecycle and loading', () => {
  it('raises isError results as ToolExecutionException with the joined text', async () => {
    const state = recordingServerState([declaredTool('fail', [])])
    state.answer = () => ({
      isError: true,
      content: [
        { type: 'text', text: 'first' },
        { type: 'text', text: 'second' },
      ],
    })
    const { tool } = recordingTool(state)
    await tool.connect()
    const failure = await tool.callTool('fail').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ToolExecutionException)
    expect((failure as Error).message).toBe('first\nsecond')
  })

  it('refuses calls when tools are not loaded', async () => {
    const { tool } = recordingTool(recordingServerState([declaredTool('search', ['q'])]), { loadTools: false })
    await tool.connect()
    expect(tool.functions).toEqual([])
    await expect(tool.callTool('search')).rejects.toThrow('Tools are not loaded for this server, please set loadTools: true in the constructor.')
  })

  it('prefixes and normalizes names, filters allowedTools and applies approval modes', async () => {
    const state = recordingServerState([declaredTool('search docs', ['q']), declaredTool('fetch', ['url']), declaredTool('drop', [])])
    const { tool } = recordingTool(state, {
      toolNamePrefix: 'docs_.',
      allowedTools: ['search docs', 'docs_fetch'],
      approvalMode: { alwaysRequireApproval: ['fetch'] },
    })
    await tool.connect()
    expect(tool.functions.map((fn) => [fn.name, fn.approvalMode])).toEqual([
      ['docs_search-docs', 'never_require'],
      ['docs_fetch', 'always_require'],
    ])
    await tool.callTool('docs_fetch', { url: 'u' })
    expect(state.calls[0]!.name).toBe('fetch')
  })

  it('exposes no tools for allowedTools []', async () => {
    const { tool } = recordingTool(recordingServerState([declaredTool('a', [])]), { allowedTools: [] })
    await tool.connect()
    expect(tool.functions).toEqual([])
  })

  it('rejects two remote tools that map to the same local name', async () => {
    const { tool } = recordingTool(recordingServerState([declaredTool('a b', []), declaredTool('a-b', [])]))
    await expect(tool.connect()).rejects.toThrow(
      "MCP server advertised multiple tools that map to the same local function name: 'a b' and 'a-b' both map to 'a-b'.",
    )
  })

  it('gives object schemas without properties an empty properties object', async () => {
    const state = recordingServerState([{ name: 'bare', inputSchema: { type: 'object' } }])
    const { tool } = recordingTool(state)
    await tool.connect()
    expect(tool.functions[0]!.inputSchema).toEqual({ type: 'object', properties: {} })
  })

  it('reloads on notifications/tools/list_changed, keeping the allowlist of loaded tools', async () => {
    const state = recordingServerState([declaredTool('search', ['query'])])
    const { tool, servers } = recordingTool(state)
    await tool.connect()
    state.tools = [declaredTool('search', ['query']), declaredTool('added', ['x'])]
    await servers[0]!.sendToolListChanged()
    await expect.poll(() => tool.functions.map((fn) => fn.name)).toEqual(['search', 'added'])
    await tool.callTool('search', { query: 'kept', junk: 1 })
    await tool.callTool('added', { x: 1, junk: 1 })
    expect(state.calls.map((call) => call.arguments)).toEqual([{ query: 'kept' }, { x: 1 }])
  })

  it('a newer list_changed notification replaces a pending reload', async () => {
    const state = recordingServerState([declaredTool('one', [])])
    const logger = recordingLogger()
    const { tool, servers } = recordingTool(state, { logger })
    await tool.connect()
    state.tools = [declaredTool('one', []), declaredTool('two', [])]
    await Promise.all([servers[0]!.sendToolListChanged(), servers[0]!.sendToolListChanged(), servers[0]!.sendToolListChanged()])
    await expect.poll(() => tool.functions.map((fn) => fn.name)).toEqual(['one', 'two'])
    await tool.close()
    expect(logger.messages('warn')).not.toContain('Background MCP reload failed')
  })

  it('logs a failed background reload', async () => {
    const state = recordingServerState([declaredTool('one', [])])
    const logger = recordingLogger()
    const { tool, servers } = recordingTool(state, { logger })
    await tool.connect()
    state.tools = [declaredTool('a b', []), declaredTool('a-b', [])]
    await servers[0]!.sendToolListChanged()
    await expect.poll(() => logger.messages('warn')).toContain('Background MCP reload failed')
  })

  it('reconnects once when the connection is lost and retries the call', async () => {
    const state = recordingServerState([declaredTool('search', ['query'])])
    const { tool } = recordingTool(state)
    await tool.connect()
    await tool.cutConnection()
    const result = await tool.callTool('search', { query: 'after' })
    expect(result.content).toEqual([{ type: 'text', text: '{"query":"after"}' }])
    expect(tool.connectCount).toBe(2)
  })

  it('gives up after one reconnect', async () => {
    const state = recordingServerState([declaredTool('search', ['query'])])
    let connections = 0
    const tool = inMemoryTool({
      serverFactory: () => {
        connections += 1
        if (connections > 1) throw new Error('server gone')
        return createRecordingServer(state)
      },
    })
    await tool.connect()
    await tool.cutConnection()
    await expect(tool.callTool('search', { query: 'x' })).rejects.toThrow('Failed to reconnect to MCP server.')
  })

  it('tries again to reconnect on the next call after a failed reconnect', async () => {
    const state = recordingServerState([declaredTool('search', ['query'])])
    let connections = 0
    const tool = inMemoryTool({
      serverFactory: () => {
        connections += 1
        if (connections === 2) throw new Error('server restarting')
        return createRecordingServer(state)
      },
    })
    await tool.connect()
    await tool.cutConnection()
    await expect(tool.callTool('search', { query: 'x' })).rejects.toThrow('Failed to reconnect to MCP server.')
    expect((await tool.callTool('search', { query: 'y' })).content).toEqual([{ type: 'text', text: '{"query":"y"}' }])
    await tool.close()
    await expect(tool.callTool('search', { query: 'z' })).rejects.toThrow("MCP server 'mem' is not connected; call connect() first.")
  })

  it('declares elicitation only with a callback and declines without one', async () => {
    const answers: unknown[] = []
    const factory = () => {
      const server = new McpServer({ name: 'e', version: '1' })
      server.registerTool('confirm', { inputSchema: { what: z.string() } }, async ({ what }) => {
        const result = await server.server.elicitInput({
          message: `Confirm ${what}?`,
          requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
        })
        answers.push(result)
        return { content: [{ type: 'text', text: result.action }] }
      })
      return server
    }
    const without = inMemoryTool({ serverFactory: factory })
    await without.connect()
    // The server refuses to ask a client that did not declare elicitation.
    await expect(without.callTool('confirm', { what: 'x' })).rejects.toThrow(/elicitation/i)

    const withCallback = inMemoryTool({
      serverFactory: factory,
      elicitationCallback: async (params, { serverName }) => ({ action: 'accept', content: { ok: params.message === 'Confirm y?' && serverName === 'mem' } }),
    })
    await withCallback.connect()
    expect((await withCallback.callTool('confirm', { what: 'y' })).content).toEqual([{ type: 'text', text: 'accept' }])
    expect(answers).toEqual([{ action: 'accept', content: { ok: true } }])
  })

  it('reports a server that never answers initialize', async () => {
    const silent = new McpServer({ name: 'silent', version: '1' })
    // A server whose transport swallows every message never completes the handshake.
    silent.server.connect = async (transport) => {
      transport.onmessage = () => {}
      await transport.start()
    }
    const tool = inMemoryTool({ serverFactory: () => silent, requestTimeoutMs: 200 })
    await expect(tool.connect()).rejects.toThrow(/^MCP server failed to initialize: /)
  })
})
