import { describe, expect, it } from 'vitest'
import { createResponseRequestSchema } from '@/lib/contracts/responses'
import { replyFormatOf, responseInput, unstoredInput } from './response-input'
import { parseModelReference } from './response-model'

describe('parseModelReference', () => {
  it('reads the kind, the name or id, and a trailing @version', () => {
    expect(parseModelReference('agent:Researcher@3')).toEqual({ kind: 'agent', ref: 'Researcher', version: 3 })
    expect(parseModelReference('workflow:Summarise')).toEqual({ kind: 'workflow', ref: 'Summarise' })
    expect(parseModelReference('team@example.com@2')).toEqual({ kind: undefined, ref: 'team@example.com', version: 2 })
    expect(parseModelReference('Echo')).toEqual({ kind: undefined, ref: 'Echo' })
    expect(() => parseModelReference('agent:@2')).toThrow(/names no agent or workflow/)
  })
})

describe('responseInput', () => {
  it('takes the user messages as the text and system or developer messages as instructions', () => {
    expect(responseInput({ input: 'Hi' })).toEqual({ text: 'Hi', earlier: [] })
    expect(
      responseInput({
        instructions: 'Be brief.',
        input: [
          { role: 'developer', content: 'Answer in French.' },
          { role: 'user', content: [{ type: 'input_text', text: 'Hello' }] },
          { role: 'user', content: 'Again' },
        ],
      }),
    ).toEqual({ text: 'Hello\n\nAgain', instructions: 'Be brief.\n\nAnswer in French.', earlier: [] })
  })

  it('keeps the conversation sent before the turn: answers with their ids, and references to answers', () => {
    expect(
      responseInput({
        input: [
          { role: 'system', content: 'Answer in French.' },
          { role: 'user', content: 'My name is Ada' },
          { type: 'message', id: 'msg_1', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: 'Hello Ada' }] },
          { role: 'user', content: 'And Bob?' },
          { type: 'item_reference', id: 'msg_2' },
          { role: 'user', content: 'What is my name?' },
        ],
      }),
    ).toEqual({
      text: 'What is my name?',
      instructions: 'Answer in French.',
      earlier: [
        { role: 'user', text: 'My name is Ada' },
        { role: 'assistant', text: 'Hello Ada', id: 'msg_1' },
        { role: 'user', text: 'And Bob?' },
        { role: 'assistant', reference: 'msg_2', index: 4 },
      ],
    })
  })

  it('refuses input without user text after the last answer', () => {
    expect(() => responseInput({ input: [{ role: 'assistant', content: 'Earlier' }] })).toThrow(/no user message/)
    expect(() => responseInput({ input: [{ role: 'system', content: 'Only rules' }] })).toThrow(/no user message/)
  })
})

describe('unstoredInput (store: false)', () => {
  it('takes the user messages after the last answer as the turn, and the conversation before them as its history', () => {
    expect(
      unstoredInput({
        instructions: 'Be brief.',
        input: [
          { role: 'system', content: 'Answer in French.' },
          { role: 'user', content: 'My name is Ada' },
          { role: 'assistant', content: [{ type: 'output_text', text: 'Hello Ada' }] },
          { role: 'user', content: 'What is my name?' },
          { role: 'user', content: 'Say it twice.' },
        ],
      } as Parameters<typeof unstoredInput>[0]),
    ).toEqual({
      text: 'What is my name?\n\nSay it twice.',
      instructions: 'Be brief.\n\nAnswer in French.',
      history: [
        { role: 'user', text: 'My name is Ada' },
        { role: 'assistant', text: 'Hello Ada' },
      ],
    })
    expect(unstoredInput({ input: 'Hi' })).toEqual({ text: 'Hi', history: [] })
  })

  it('refuses a reference to a stored answer: nothing stored is read', () => {
    expect(() =>
      unstoredInput({
        input: [
          { role: 'user', content: 'Hi' },
          { type: 'item_reference', id: 'msg_1' },
          { role: 'user', content: 'Again' },
        ],
      }),
    ).toThrow(/input\.1: store: false reads nothing stored/)
  })

  it('refuses a conversation that ends with an answer: there is no turn to take', () => {
    expect(() =>
      unstoredInput({
        input: [
          { role: 'user', content: 'Hi' },
          { role: 'assistant', content: 'Hello' },
        ],
      }),
    ).toThrow(/no user message/)
  })
})

describe('createResponseRequestSchema', () => {
  it('takes the fields OpenAI clients send, refuses client-side tools and fields it does not know', () => {
    const request = { model: 'Echo', input: 'Hi' }
    expect(createResponseRequestSchema.safeParse({ ...request, text: { format: { type: 'text' } }, include: [], tools: [], store: true }).success).toBe(true)
    expect(createResponseRequestSchema.safeParse({ ...request, tools: [{ type: 'function', name: 'f' }] }).success).toBe(false)
    expect(createResponseRequestSchema.safeParse({ ...request, imput: 'typo' }).success).toBe(false)
  })
})

describe('replyFormatOf', () => {
  const parse = (text: unknown) => createResponseRequestSchema.parse({ model: 'Echo', input: 'hi', text })
  const schema = { type: 'object', properties: { answer: { type: 'string' } } }

  it('takes a json_schema format as the turn’s reply format, and none for text', () => {
    expect(replyFormatOf(parse({ format: { type: 'json_schema', name: 'answer', schema, strict: true } }))).toEqual({ name: 'answer', schema })
    expect(replyFormatOf(parse({ format: { type: 'text' }, verbosity: 'low' }))).toBeUndefined()
    expect(replyFormatOf(parse(undefined))).toBeUndefined()
  })

  it('refuses json_object and a schema longer than a saved one may be, naming the field', () => {
    expect(() => replyFormatOf(parse({ format: { type: 'json_object' } }))).toThrow(expect.objectContaining({ details: { param: 'text.format.type' } }))
    const long = { type: 'object', description: 'x'.repeat(50_000) }
    expect(() => replyFormatOf(parse({ format: { type: 'json_schema', name: 'a', schema: long } }))).toThrow(
      expect.objectContaining({ details: { param: 'text.format.schema' } }),
    )
    expect(createResponseRequestSchema.safeParse({ model: 'Echo', input: 'hi', text: { format: { type: 'json_schema', name: 'a b', schema } } }).success).toBe(
      false,
    )
  })
})
