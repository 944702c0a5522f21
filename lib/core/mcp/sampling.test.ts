import { ErrorCode, type CreateMessageRequestParams } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import { FunctionTool } from '../tools/function-tool'
import { DENIED_BY_CALLBACK_MESSAGE, isErrorData, SamplingGuard, type SamplingGuardOptions, type SamplingOutcome } from './sampling'
import { contentsResponse, RecordingChatClient, recordingLogger, textResponse } from './testing/recording-chat-client'
import { ChatResponse } from '../types'

function params(overrides: Partial<CreateMessageRequestParams> = {}): CreateMessageRequestParams {
  return { messages: [{ role: 'user', content: { type: 'text', text: 'hello' } }], maxTokens: 100, ...overrides }
}

function guard(options: Partial<SamplingGuardOptions> = {}) {
  const logger = recordingLogger()
  const client = (options.client as RecordingChatClient | undefined) ?? new RecordingChatClient([], textResponse('sampled'))
  const samplingGuard = new SamplingGuard({ serverName: 'srv', client, approvalCallback: () => true, logger, ...options })
  return { samplingGuard, client, logger }
}

function expectError(outcome: SamplingOutcome, code: number): { code: number; message: string } {
  expect(isErrorData(outcome)).toBe(true)
  expect((outcome as { code: number }).code).toBe(code)
  return outcome as { code: number; message: string }
}

describe('SamplingGuard (test_mcp_tool_sampling_callback_*)', () => {
  it('test_mcp_tool_sampling_callback_no_client', async () => {
    const { samplingGuard } = guard({ client: undefined })
    const unguarded = new SamplingGuard({ serverName: 'srv', logger: recordingLogger(), approvalCallback: () => true })
    const outcome = await unguarded.handle(params())
    expect(expectError(outcome, ErrorCode.InternalError).message).toBe('No chat client available. Please set a chat client.')
    expect(samplingGuard).toBeDefined()
  })

  it('test_mcp_tool_sampling_callback_denies_by_default', async () => {
    const { samplingGuard, client, logger } = guard({ approvalCallback: undefined })
    const error = expectError(await samplingGuard.handle(params()), ErrorCode.InvalidRequest)
    expect(error.message).toContain('denied')
    expect(error.message).toContain('samplingApprovalCallback')
    expect(client.calls).toHaveLength(0)
    expect(logger.messages('warn')).toContain("Denying MCP sampling request from 'srv': no 'samplingApprovalCallback' configured.")
  })

  it('test_mcp_tool_sampling_callback_denied_by_callback', async () => {
    const { samplingGuard, client, logger } = guard({ approvalCallback: () => false })
    const error = expectError(await samplingGuard.handle(params()), ErrorCode.InvalidRequest)
    expect(error.message).toBe(DENIED_BY_CALLBACK_MESSAGE)
    expect(client.calls).toHaveLength(0)
    expect(logger.messages('warn')).toContain("MCP sampling request from 'srv' was denied by the approval callback.")
  })

  it('test_mcp_tool_sampling_callback_callback_exception_denies', async () => {
    const { samplingGuard, client, logger } = guard({
      approvalCallback: () => {
        throw new RangeError('secret detail')
      },
    })
    const error = expectError(await samplingGuard.handle(params()), ErrorCode.InvalidRequest)
    expect(error.message).toBe(DENIED_BY_CALLBACK_MESSAGE)
    expect(client.calls).toHaveLength(0)
    expect(logger.messages('warn')).toContain("Denying MCP sampling request from 'srv': approval callback raised RangeError.")
    expect(logger.messages().join('\n')).not.toContain('secret detail')
  })

  it('test_mcp_tool_sampling_callback_async_approval', async () => {
    const seen: string[] = []
    const { samplingGuard, client } = guard({
      approvalCallback: async (_params, { serverName, signal }) => {
        await new Promise((resolve) => setTimeout(resolve, 5))
        seen.push(`${serverName}:${signal.aborted}`)
        return true
      },
    })
    const outcome = await samplingGuard.handle(params())
    expect(outcome).toEqual({ role: 'assistant', model: 'test-model', content: { type: 'text', text: 'sampled' } })
    expect(seen).toEqual(['srv:false'])
    expect(client.calls).toHaveLength(1)
  })

  it('test_mcp_tool_sampling_callback_clamps_max_tokens', async () => {
    const { samplingGuard, client, logger } = guard({ maxTokens: 512 })
    await samplingGuard.handle(params({ maxTokens: 1_000_000 }))
    expect(client.calls[0]!.options.maxTokens).toBe(512)
    expect(logger.messages('warn')).toContain("Capping MCP sampling maxTokens for 'srv' from 1000000 to 512.")
  })

  it('test_mcp_tool_sampling_callback_does_not_clamp_under_cap', async () => {
    const { samplingGuard, client, logger } = guard({ maxTokens: 512 })
    await samplingGuard.handle(params({ maxTokens: 200 }))
    expect(client.calls[0]!.options.maxTokens).toBe(200)
    expect(logger.messages().some((line) => line.startsWith('Capping'))).toBe(false)
  })

  it('uses the default cap of 4096 and honours a person-edited lower cap', async () => {
    const { samplingGuard, client } = guard()
    await samplingGuard.handle(params({ maxTokens: 50_000 }))
    expect(client.calls[0]!.options.maxTokens).toBe(4096)
    const edited = guard({ approvalCallback: () => ({ approved: true, maxTokens: 64 }) })
    await edited.samplingGuard.handle(params({ maxTokens: 300 }))
    expect(edited.client.calls[0]!.options.maxTokens).toBe(64)
    const denied = guard({ approvalCallback: () => ({ approved: false }) })
    expect(isErrorData(await denied.samplingGuard.handle(params()))).toBe(true)
  })

  it('test_mcp_tool_sampling_callback_rate_limited', async () => {
    let approve = false
    const { samplingGuard, client, logger } = guard({ maxRequests: 2, approvalCallback: () => approve })
    // Denied requests count: the limit is checked before approval.
    expect(isErrorData(await samplingGuard.handle(params()))).toBe(true)
    approve = true
    expect(isErrorData(await samplingGuard.handle(params()))).toBe(false)
    const limited = expectError(await samplingGuard.handle(params()), ErrorCode.InvalidRequest)
    expect(limited.message).toContain('rate limit')
    expect(client.calls).toHaveLength(1)
    expect(logger.messages('warn')).toContain("Denying MCP sampling request from 'srv': per-session limit of 2 reached.")

    const twice = guard({ maxRequests: 2 })
    await twice.samplingGuard.handle(params())
    await twice.samplingGuard.handle(params())
    expect(isErrorData(await twice.samplingGuard.handle(params()))).toBe(true)
    expect(twice.client.calls).toHaveLength(2)
    twice.samplingGuard.reset()
    expect(isErrorData(await twice.samplingGuard.handle(params()))).toBe(false)
  })

  it('test_mcp_tool_sampling_callback_chat_client_exception', async () => {
    const { samplingGuard } = guard({ client: new RecordingChatClient([new Error('model down')]) })
    const error = expectError(await samplingGuard.handle(params()), ErrorCode.InternalError)
    expect(error.message).toBe('Failed to get chat message content: model down')
  })

  it('test_mcp_tool_sampling_callback_no_valid_content', async () => {
    const client = new RecordingChatClient([contentsResponse([{ type: 'reasoning', text: 'thinking' }])])
    const { samplingGuard } = guard({ client })
    const error = expectError(await samplingGuard.handle(params()), ErrorCode.InternalError)
    expect(error.message).toBe('Failed to get right content types from the response.')
    expect(client.calls[0]!.options).toEqual({ maxTokens: 100 })
  })

  it('test_mcp_tool_sampling_callback_no_response_and_successful_message_creation', async () => {
    const empty = guard({ client: new RecordingChatClient([new ChatResponse({ messages: [] })]) })
    expect(expectError(await empty.samplingGuard.handle(params()), ErrorCode.InternalError).message).toBe('Failed to get chat message content.')
    const ok = guard({ client: new RecordingChatClient([textResponse('answer', 'gpt-x')]) })
    expect(await ok.samplingGuard.handle(params())).toEqual({ role: 'assistant', model: 'gpt-x', content: { type: 'text', text: 'answer' } })
    const anonymous = guard({ client: new RecordingChatClient([new ChatResponse({ messages: textResponse('a').messages })]) })
    expect(await anonymous.samplingGuard.handle(params())).toMatchObject({ model: 'unknown' })
  })

  it('test_mcp_tool_sampling_callback_returns_tool_use_results', async () => {
    const client = new RecordingChatClient([
      contentsResponse([
        { type: 'text', text: 'calling tools' },
        { type: 'function_call', callId: 'c1', name: 'first', arguments: '{"a":1}' },
        { type: 'function_call', callId: 'c2', name: 'second', arguments: { b: 2 } },
      ]),
    ])
    const { samplingGuard } = guard({ client })
    const outcome = await samplingGuard.handle(params({ tools: [{ name: 'first', inputSchema: { type: 'object' } }] }))
    expect(outcome).toEqual({
      role: 'assistant',
      model: 'test-model',
      stopReason: 'toolUse',
      content: [
        { type: 'tool_use', id: 'c1', name: 'first', input: { a: 1 } },
        { type: 'tool_use', id: 'c2', name: 'second', input: { b: 2 } },
      ],
    })
  })

  it('test_mcp_tool_sampling_callback_forwards_system_prompt', async () => {
    const { samplingGuard, client } = guard()
    await samplingGuard.handle(params({ systemPrompt: 'Be terse.' }))
    expect(client.calls[0]!.options.instructions).toBe('Be terse.')
  })

  it('test_mcp_tool_sampling_callback_forwards_tools', async () => {
    const { samplingGuard, client } = guard()
    const schema = { type: 'object' as const, properties: { q: { type: 'string' } } }
    await samplingGuard.handle(params({ tools: [{ name: 'lookup', description: 'Look up', inputSchema: schema }] }))
    const tools = client.calls[0]!.options.tools!
    expect(tools).toHaveLength(1)
    expect(tools[0]).toBeInstanceOf(FunctionTool)
    expect(tools[0]!.name).toBe('lookup')
    expect(tools[0]!.description).toBe('Look up')
    expect(tools[0]!.inputSchema).toEqual(schema)
  })

  it('test_mcp_tool_sampling_callback_forwards_tool_choice', async () => {
    const { samplingGuard, client } = guard()
    await samplingGuard.handle(params({ tools: [{ name: 't', inputSchema: { type: 'object' } }], toolChoice: { mode: 'required' } }))
    expect(client.calls[0]!.options.toolChoice).toBe('required')
  })

  it('test_mcp_tool_sampling_callback_forwards_empty_system_prompt', async () => {
    const { samplingGuard, client } = guard()
    await samplingGuard.handle(params({ systemPrompt: '' }))
    expect(client.calls[0]!.options).toHaveProperty('instructions', '')
  })

  it('test_mcp_tool_sampling_callback_forwards_empty_tools_list', async () => {
    const { samplingGuard, client } = guard()
    await samplingGuard.handle(params({ tools: [] }))
    expect(client.calls[0]!.options.tools).toEqual([])
  })

  it('test_mcp_tool_sampling_callback_forwards_generation_params_in_options', async () => {
    const { samplingGuard, client } = guard()
    await samplingGuard.handle(params({ temperature: 0.3, stopSequences: ['END'], maxTokens: 77 }))
    expect(client.calls[0]!.options).toEqual({ temperature: 0.3, stop: ['END'], maxTokens: 77 })
  })

  it('test_mcp_tool_sampling_callback_omits_temperature_when_none', async () => {
    const { samplingGuard, client } = guard()
    await samplingGuard.handle(params())
    expect(client.calls[0]!.options).not.toHaveProperty('temperature')
    expect(client.calls[0]!.options).not.toHaveProperty('stop')
  })

  it('test_mcp_tool_sampling_callback_always_passes_max_tokens', async () => {
    const { samplingGuard, client } = guard({ maxTokens: null })
    await samplingGuard.handle(params({ maxTokens: 123_456 }))
    expect(client.calls[0]!.options.maxTokens).toBe(123_456)
  })

  it('logs each request without its content', async () => {
    const { samplingGuard, logger } = guard()
    await samplingGuard.handle(params({ messages: [{ role: 'user', content: { type: 'text', text: 'private words' } }] }))
    expect(logger.messages('warn')[0]).toBe("MCP server 'srv' sent a sampling/createMessage request (1 message(s), maxTokens=100).")
    expect(logger.messages().join('\n')).not.toContain('private words')
  })

  it('converts image, tool_use and tool_result blocks into core contents', async () => {
    const { samplingGuard, client } = guard()
    await samplingGuard.handle(
      params({
        messages: [
          { role: 'user', content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'u1', name: 'lookup', input: { q: 'x' } }] },
          { role: 'user', content: [{ type: 'tool_result', toolUseId: 'u1', content: [{ type: 'text', text: 'found' }] }] },
        ],
      }),
    )
    const [image, call, result] = client.calls[0]!.messages
    expect(image!.contents).toEqual([{ type: 'data', uri: 'data:image/png;base64,AAAA', mediaType: 'image/png' }])
    expect(call!.contents).toEqual([{ type: 'function_call', callId: 'u1', name: 'lookup', arguments: { q: 'x' } }])
    expect(result!.role).toBe('tool')
    expect(result!.contents).toEqual([{ type: 'function_result', callId: 'u1', result: 'found' }])
  })
})
