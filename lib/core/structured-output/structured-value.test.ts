import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { StructuredOutputError, isUserError } from '../errors'
import { ChatResponse, Message, functionApprovalRequest, functionCallContent } from '../types'
import { normalizeResponseFormat } from './response-format'
import { fillStructuredValue, parseStructuredValue } from './structured-value'

const weather = z.object({ city: z.string(), temperature: z.number() }).meta({ title: 'weather' })
const weatherFormat = normalizeResponseFormat(weather)!

function caught(run: () => unknown): StructuredOutputError {
  try {
    run()
  } catch (error) {
    if (error instanceof StructuredOutputError) return error
    throw error
  }
  throw new Error('expected a StructuredOutputError')
}

describe('parseStructuredValue', () => {
  it('parses and validates with the zod schema (its output, transforms included)', () => {
    const trimmed = normalizeResponseFormat(z.object({ city: z.string().transform((city) => city.trim()) }))!
    expect(parseStructuredValue(trimmed, '{"city":" Oslo "}')).toEqual({ city: 'Oslo' })
    expect(parseStructuredValue(weatherFormat, '{"city":"Oslo","temperature":-3}')).toEqual({ city: 'Oslo', temperature: -3 })
  })

  it('says what was expected, the first problems and the start of a reply that does not match', () => {
    const error = caught(() => parseStructuredValue(weatherFormat, '{"temperature":"cold"}'))
    expect(error.code).toBe('structured_output_error')
    expect(isUserError(error)).toBe(false)
    expect(error.formatName).toBe('weather')
    expect(error.problems).toHaveLength(2)
    expect(error.message).toContain('does not match the structured output format "weather", which asks for an object with the properties city, temperature')
    expect(error.message).toMatch(/Problems: \$\.city: .+; \$\.temperature: .+\. The reply starts: "\{\\"temperature\\":\\"cold\\"\}"$/)
    expect(error.text).toBe('{"temperature":"cold"}')
  })

  it('reports a reply that is not JSON, cutting a long one short', () => {
    const reply = `Sure! The weather in Oslo is ${'very '.repeat(60)}cold.`
    const error = caught(() => parseStructuredValue(weatherFormat, reply))
    expect(error.message).toMatch(
      /^The model's reply is not JSON, but the structured output format "weather" asks for an object with the properties city, temperature\./,
    )
    expect(error.message).toContain('The reply starts: "Sure! The weather in Oslo is very')
    expect(error.message).toMatch(/…"$/)
    expect(error.problems[0]).toMatch(/^\$: not JSON/)
    expect(error.text).toBe(reply)
  })

  it('validates a JSON Schema format with the structural check', () => {
    const format = normalizeResponseFormat({ type: 'object', title: 'flags', properties: { ok: { type: 'boolean' } }, required: ['ok'] })!
    expect(parseStructuredValue(format, '{"ok":true}')).toEqual({ ok: true })
    expect(caught(() => parseStructuredValue(format, '{"ok":"yes"}')).problems).toEqual(['$.ok: expected boolean, got string'])
  })

  it('parses json_object without a schema and leaves text alone', () => {
    expect(parseStructuredValue({ kind: 'json_object' }, '[1,2]')).toEqual([1, 2])
    expect(caught(() => parseStructuredValue({ kind: 'json_object' }, '')).message).toContain('(an empty reply)')
    expect(parseStructuredValue({ kind: 'text' }, 'plain')).toBeUndefined()
  })
})

describe('fillStructuredValue', () => {
  const reply = (...contents: ConstructorParameters<typeof Message>[0]['contents'] & object) =>
    new ChatResponse({ messages: [new Message({ role: 'assistant', contents })] })

  it('fills value from the final reply when a format was asked for', () => {
    expect(fillStructuredValue(reply('{"city":"Oslo","temperature":1}'), weather).value).toEqual({ city: 'Oslo', temperature: 1 })
    expect(fillStructuredValue(reply('plain text'), undefined).value).toBeUndefined()
  })

  it('leaves a turn that calls tools or waits for a person without a value', () => {
    const call = functionCallContent('c1', 'lookup', '{}')
    expect(fillStructuredValue(reply(call), weather).value).toBeUndefined()
    expect(fillStructuredValue(reply(functionApprovalRequest(call)), weather).value).toBeUndefined()
  })

  it('keeps the value through toJSON and fromJSON', () => {
    const response = fillStructuredValue(reply('{"city":"Oslo","temperature":1}'), weather)
    expect(ChatResponse.fromJSON(JSON.parse(JSON.stringify(response))).value).toEqual({ city: 'Oslo', temperature: 1 })
  })
})
