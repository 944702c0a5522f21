import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { demoStructuredReply } from './demo-structured-reply'

describe('demoStructuredReply', () => {
  it('fills a zod schema with placeholders, strings holding the plain answer', () => {
    const schema = z.object({
      summary: z.string(),
      score: z.number(),
      count: z.int(),
      done: z.boolean(),
      mood: z.enum(['calm', 'busy']),
      tags: z.array(z.string()),
      owner: z.object({ name: z.string() }).nullable(),
    })
    const reply = demoStructuredReply(schema, 'Demo reply: hi')
    expect(JSON.parse(reply!)).toEqual({
      summary: 'Demo reply: hi',
      score: 0,
      count: 0,
      done: false,
      mood: 'calm',
      tags: ['Demo reply: hi'],
      owner: { name: 'Demo reply: hi' },
    })
    expect(schema.safeParse(JSON.parse(reply!)).success).toBe(true)
  })

  it('follows local references of a JSON Schema', () => {
    const schema = { type: 'object', properties: { item: { $ref: '#/$defs/item' } }, $defs: { item: { type: 'object', properties: { id: { const: 'x' } } } } }
    expect(demoStructuredReply(schema, 'text')).toBe('{"item":{"id":"x"}}')
  })

  it('wraps the answer for json_object and leaves text and missing formats alone', () => {
    expect(demoStructuredReply({ type: 'json_object' }, 'hi')).toBe('{"reply":"hi"}')
    expect(demoStructuredReply({ type: 'text' }, 'hi')).toBeUndefined()
    expect(demoStructuredReply(undefined, 'hi')).toBeUndefined()
  })

  it('gives up on a schema it cannot fill', () => {
    expect(demoStructuredReply({ type: 'object', properties: { a: { not: { type: 'string' } } } }, 'hi')).toBeUndefined()
  })
})
