import { afterEach, describe, expect, it } from 'vitest'
import { Message, functionCallContent, functionResultContent, textContent } from '../types'
import { capturedJson, capturedMessages, REDACTED } from './captured-content'
import { configureTelemetry } from './telemetry-settings'

const previous = configureTelemetry({})
afterEach(() => {
  configureTelemetry(previous)
})

describe('captured content', () => {
  it('replaces values under secret-looking names at any depth, leaving the input alone', () => {
    const args = { query: 'tides', headers: { Authorization: 'Bearer abc', 'x-api-key': 'k' }, nested: [{ password: 'p', name: 'n' }] }
    expect(JSON.parse(capturedJson(args))).toEqual({
      query: 'tides',
      headers: { Authorization: REDACTED, 'x-api-key': REDACTED },
      nested: [{ password: REDACTED, name: 'n' }],
    })
    expect(args.headers.Authorization).toBe('Bearer abc')
  })

  it('passes the text through the configured redactor (the app cuts its stored secrets by value)', () => {
    configureTelemetry({ redact: (text) => text.replaceAll('sk-live-9', '[secret]') })
    expect(capturedJson({ note: 'key sk-live-9 here' })).toBe('{"note":"key [secret] here"}')
  })

  it('writes messages in the GenAI conventions shape, never copying data', () => {
    const messages = [
      new Message({ role: 'user', contents: [textContent('hi'), { type: 'data', uri: 'data:image/png;base64,AAAA', mediaType: 'image/png' }] }),
      new Message({ role: 'assistant', contents: [functionCallContent('c1', 'add', '{"a":1}')] }),
      new Message({ role: 'tool', contents: [functionResultContent('c1', 2)] }),
    ]
    expect(JSON.parse(capturedMessages(messages))).toEqual([
      {
        role: 'user',
        parts: [
          { type: 'text', content: 'hi' },
          { type: 'blob', mime_type: 'image/png' },
        ],
      },
      { role: 'assistant', parts: [{ type: 'tool_call', id: 'c1', name: 'add', arguments: { a: 1 } }] },
      { role: 'tool', parts: [{ type: 'tool_call_response', id: 'c1', response: 2 }] },
    ])
  })
})
