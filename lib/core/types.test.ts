import { describe, expect, it } from 'vitest'
import {
  AgentResponse,
  AgentResponseUpdate,
  ChatResponse,
  Message,
  addUsage,
  errorContent,
  functionApprovalRequest,
  functionCallContent,
  functionResultContent,
  functionResultText,
  normalizeMessages,
  reasoningContent,
  textContent,
  toFunctionApprovalResponse,
  usageContent,
  type Content,
} from './types'

const everyContentKind: Content[] = [
  textContent('hello'),
  reasoningContent('thinking'),
  functionCallContent('c1', 'add', '{"a":1}'),
  functionResultContent('c1', { sum: 1 }),
  functionResultContent('c2', 'Error: Function failed.', 'boom'),
  functionApprovalRequest(functionCallContent('c3', 'delete', { path: 'x' })),
  toFunctionApprovalResponse(functionApprovalRequest(functionCallContent('c3', 'delete', { path: 'x' })), false),
  { type: 'data', uri: 'data:text/plain;base64,aGk=', mediaType: 'text/plain' },
  { type: 'uri', uri: 'https://example.com/a.png', mediaType: 'image/png' },
  usageContent({ inputTokenCount: 3, outputTokenCount: 4 }),
  errorContent('bad', 'E1', 'details'),
]

describe('Message', () => {
  it('derives text from its text contents only', () => {
    const message = new Message({ role: 'assistant', contents: ['a', reasoningContent('skip'), textContent('b')] })
    expect(message.text).toBe('ab')
  })

  it('accepts text shorthand and string contents', () => {
    expect(new Message({ role: 'user', text: 'hi' }).contents).toEqual([textContent('hi')])
    expect(new Message({ role: 'user' }).contents).toEqual([])
  })

  it('round-trips every content kind through JSON text', () => {
    const message = new Message({
      role: 'assistant',
      contents: everyContentKind,
      authorName: 'bot',
      messageId: 'm1',
      additionalProperties: { source: 'test' },
    })
    const restored = Message.fromJSON(JSON.parse(JSON.stringify(message)))
    expect(restored).toBeInstanceOf(Message)
    expect(restored.toJSON()).toEqual(message.toJSON())
    expect(restored.text).toBe('hello')
  })

  it('omits unset optional fields in JSON', () => {
    expect(new Message({ role: 'user', text: 'x' }).toJSON()).toEqual({ type: 'message', role: 'user', contents: [textContent('x')] })
  })
})

describe('normalizeMessages', () => {
  it('turns strings into user messages and keeps messages', () => {
    const existing = new Message({ role: 'assistant', text: 'a' })
    const messages = normalizeMessages(['q', existing])
    expect(messages[0].role).toBe('user')
    expect(messages[1]).toBe(existing)
    expect(normalizeMessages(undefined)).toEqual([])
  })
})

describe('ChatResponse / AgentResponse', () => {
  const messages = () => [
    new Message({ role: 'assistant', contents: [functionCallContent('c1', 'x'), functionApprovalRequest(functionCallContent('c1', 'x'))] }),
    new Message({ role: 'assistant', text: 'done' }),
  ]

  it('collects text and user input requests', () => {
    const response = new AgentResponse({ messages: messages() })
    expect(response.text).toBe('done')
    expect(response.userInputRequests).toHaveLength(1)
    expect(response.userInputRequests[0].functionCall.callId).toBe('c1')
    expect(new ChatResponse({ messages: messages() }).userInputRequests).toHaveLength(1)
  })

  it('round-trips ChatResponse through JSON', () => {
    const response = new ChatResponse({
      messages: messages(),
      responseId: 'r1',
      conversationId: 'conv',
      modelId: 'demo',
      finishReason: 'stop',
      usage: { inputTokenCount: 1, outputTokenCount: 2, totalTokenCount: 3 },
    })
    const json = JSON.parse(JSON.stringify(response))
    expect(json.type).toBe('chat_response')
    const restored = ChatResponse.fromJSON(json)
    expect(restored.messages[0]).toBeInstanceOf(Message)
    expect(restored.toJSON()).toEqual(response.toJSON())
  })

  it('round-trips AgentResponse through JSON', () => {
    const response = new AgentResponse({
      messages: messages(),
      agentId: 'a1',
      responseId: 'r',
      createdAt: '2026-01-01T00:00:00.000Z',
      usage: { inputTokenCount: 5 },
    })
    const restored = AgentResponse.fromJSON(JSON.parse(JSON.stringify(response)))
    expect(restored.toJSON()).toEqual(response.toJSON())
    expect(restored.userInputRequests).toHaveLength(1)
    expect(JSON.stringify(new AgentResponse({ messages: [] }).toJSON())).toBe('{"type":"agent_response","messages":[]}')
  })

  it('round-trips AgentResponseUpdate through JSON', () => {
    const update = new AgentResponseUpdate({ contents: [textContent('hi')], role: 'assistant', agentId: 'a', messageId: 'm' })
    const restored = AgentResponseUpdate.fromJSON(JSON.parse(JSON.stringify(update)))
    expect(restored.text).toBe('hi')
    expect(restored.toJSON()).toEqual(update.toJSON())
  })
})

describe('content helpers', () => {
  it('builds approval responses that carry the original call', () => {
    const request = functionApprovalRequest(functionCallContent('c9', 'rm', '{}'))
    expect(request.id).toBe('c9')
    expect(toFunctionApprovalResponse(request, true)).toEqual({
      type: 'function_approval_response',
      id: 'c9',
      approved: true,
      functionCall: request.functionCall,
    })
  })

  it('renders function results as model text', () => {
    expect(functionResultText('plain')).toBe('plain')
    expect(functionResultText(42)).toBe('42')
    expect(functionResultText({ a: [1] })).toBe('{"a":[1]}')
    expect(functionResultText(undefined)).toBe('')
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(functionResultText(cyclic)).toBe('[object Object]')
  })

  it('adds usage without mutating its inputs', () => {
    const a = { inputTokenCount: 1, outputTokenCount: 2 }
    const sum = addUsage(a, { inputTokenCount: 10, totalTokenCount: 5 })
    expect(sum).toEqual({ inputTokenCount: 11, outputTokenCount: 2, totalTokenCount: 5 })
    expect(a).toEqual({ inputTokenCount: 1, outputTokenCount: 2 })
    expect(addUsage(undefined, undefined)).toBeUndefined()
  })
})
