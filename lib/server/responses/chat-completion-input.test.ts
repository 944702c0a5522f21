import { describe, expect, it } from 'vitest'
import type { CreateChatCompletionRequest } from '@/lib/contracts/chat-completions'
import { chatTurn } from './chat-completion-input'

type Messages = CreateChatCompletionRequest['messages']

describe('chatTurn', () => {
  it('reads the user messages after the last answer as the turn, the earlier ones as history, system messages as instructions', () => {
    const messages: Messages = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'My name is Ada' },
      { role: 'assistant', content: 'Hello Ada' },
      { role: 'developer', content: [{ type: 'text', text: 'Answer in English.' }] },
      { role: 'user', content: 'What is my name?' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Say it ' },
          { type: 'text', text: 'twice.' },
        ],
      },
    ]
    expect(chatTurn({ messages })).toEqual({
      text: 'What is my name?\n\nSay it twice.',
      instructions: 'Be brief.\n\nAnswer in English.',
      history: [
        { role: 'user', text: 'My name is Ada' },
        { role: 'assistant', text: 'Hello Ada' },
      ],
    })
  })

  it('takes a json_schema response_format as the reply format, and refuses json_object naming it', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } }
    const turn = chatTurn({ messages: [{ role: 'user', content: 'hi' }], response_format: { type: 'json_schema', json_schema: { name: 'reply', schema } } })
    expect(turn.replyFormat).toEqual({ name: 'reply', schema })
    expect(() => chatTurn({ messages: [{ role: 'user', content: 'hi' }], response_format: { type: 'json_object' } })).toThrow(
      expect.objectContaining({ code: 'format_not_supported', details: { param: 'response_format.type' } }),
    )
  })

  it('refuses tool messages and a conversation that does not end with the user', () => {
    expect(() =>
      chatTurn({
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'tool', content: '1' },
        ],
      }),
    ).toThrow(expect.objectContaining({ code: 'unsupported_input', details: { param: 'messages.1.role' } }))
    expect(() =>
      chatTurn({
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
        ],
      }),
    ).toThrow(expect.objectContaining({ code: 'invalid_request', details: { param: 'messages' } }))
    expect(() => chatTurn({ messages: [{ role: 'system', content: 'rules only' }] })).toThrow(expect.objectContaining({ details: { param: 'messages' } }))
  })
})
