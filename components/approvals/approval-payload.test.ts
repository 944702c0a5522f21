import { describe, expect, it } from 'vitest'
import {
  isLongText,
  parseTokenCap,
  readElicitationRequest,
  readHumanInputReceived,
  readSamplingRequest,
  readSourceTitle,
  readToolCallRequest,
  tokenCapBounds,
  tokenCapToSend,
} from './approval-payload'

describe('readSamplingRequest', () => {
  it('reads a full sampling payload', () => {
    const request = readSamplingRequest({
      serverName: 'research-assistant',
      systemPrompt: 'You summarise.',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Summarise MCP' } },
        { role: 'assistant', content: { type: 'image', mimeType: 'image/png', data: 'AAAA' } },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        },
      ],
      maxTokens: 800,
      maxTokensCap: 4096,
      temperature: 0.2,
      stopSequences: ['END', 3],
      tools: [{ name: 'search', description: 'Search the web' }, { description: 'nameless' }],
    })
    expect(request).toEqual({
      serverName: 'research-assistant',
      systemPrompt: 'You summarise.',
      messages: [
        { role: 'user', text: 'Summarise MCP', note: null },
        { role: 'assistant', text: null, note: 'image (image/png)' },
        { role: 'user', text: 'a\n\nb', note: null },
      ],
      maxTokens: 800,
      maxTokensCap: 4096,
      temperature: 0.2,
      stopSequences: ['END'],
      tools: [{ name: 'search', description: 'Search the web' }],
    })
  })

  it('survives an empty or odd payload', () => {
    expect(readSamplingRequest(null, 'files')).toEqual({
      serverName: 'files',
      systemPrompt: null,
      messages: [],
      maxTokens: null,
      maxTokensCap: null,
      temperature: null,
      stopSequences: [],
      tools: [],
    })
    expect(readSamplingRequest({ messages: [null, 'x'] }).messages).toEqual([
      { role: 'user', text: null, note: 'content' },
      { role: 'user', text: null, note: 'content' },
    ])
  })
})

describe('the other payloads', () => {
  it('reads tool calls, prompts and elicitations', () => {
    expect(readToolCallRequest({ toolName: 'delete_file', arguments: { path: 'a' } })).toEqual({
      toolName: 'delete_file',
      arguments: { path: 'a' },
    })
    expect(readToolCallRequest(undefined)).toEqual({ toolName: 'tool', arguments: {} })
    expect(readHumanInputReceived({ prompt: 'Approve?', input: 'The draft' })).toBe('The draft')
    expect(readHumanInputReceived({ input: { city: 'Lisbon' } })).toBe('{\n  "city": "Lisbon"\n}')
    expect(readHumanInputReceived({ prompt: 'Approve?', input: '' })).toBeUndefined()
    expect(readHumanInputReceived(3)).toBeUndefined()
    expect(isLongText('a short draft')).toBe(false)
    expect(isLongText('x'.repeat(401))).toBe(true)
    expect(isLongText('line\n'.repeat(8))).toBe(true)
    expect(readElicitationRequest({ message: 'Your name?', requestedSchema: { type: 'object' } })).toEqual({
      message: 'Your name?',
      requestedSchema: { type: 'object' },
    })
  })
})

describe('the token cap', () => {
  const request = (maxTokens: number | null, maxTokensCap: number | null) => ({
    ...readSamplingRequest({}),
    maxTokens,
    maxTokensCap,
  })

  it('starts at the request limited by the server cap', () => {
    expect(tokenCapBounds(request(800, 4096))).toEqual({ max: 800, limitedBy: 'request' })
    expect(tokenCapBounds(request(10_000, 4096))).toEqual({ max: 4096, limitedBy: 'cap' })
    expect(tokenCapBounds(request(null, 4096))).toEqual({ max: 4096, limitedBy: 'cap' })
    expect(tokenCapBounds(request(500, null))).toEqual({ max: 500, limitedBy: 'request' })
    expect(tokenCapBounds(request(4096, 4096))).toEqual({ max: 4096, limitedBy: 'request' })
    expect(tokenCapBounds(request(null, null))).toBeNull()
  })

  it('accepts whole numbers within the bounds only', () => {
    const bounds = { max: 4096, limitedBy: 'cap' } as const
    expect(parseTokenCap(' 256 ', bounds)).toEqual({ ok: true, value: 256 })
    expect(parseTokenCap('4096', bounds)).toEqual({ ok: true, value: 4096 })
    expect(parseTokenCap('4097', bounds)).toEqual({ ok: false, error: 'At most 4096 tokens.' })
    expect(parseTokenCap('0', bounds)).toEqual({ ok: false, error: 'At least 1 token.' })
    expect(parseTokenCap('12.5', bounds)).toMatchObject({ ok: false })
    expect(parseTokenCap('', bounds)).toMatchObject({ ok: false })
    expect(parseTokenCap('-3', bounds)).toMatchObject({ ok: false })
  })

  it('sends a cap only when it lowers what the model would get', () => {
    const bounds = { max: 800, limitedBy: 'request' } as const
    expect(tokenCapToSend(256, bounds)).toBe(256)
    expect(tokenCapToSend(800, bounds)).toBeUndefined()
  })
})

describe('readSourceTitle', () => {
  it('reads the asking step’s title the run stored, if any', () => {
    expect(readSourceTitle({ prompt: 'Go?', sourceTitle: 'Editor sign-off' })).toBe('Editor sign-off')
    expect(readSourceTitle({ prompt: 'Go?' })).toBeUndefined()
    expect(readSourceTitle({ sourceTitle: '' })).toBeUndefined()
  })
})
