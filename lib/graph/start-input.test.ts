import { describe, expect, it } from 'vitest'
import { InputFieldSchema, checkStartInput, inputFieldsProblems, inputFieldsToJsonSchema, type InputField } from './start-input'

const field = (patch: Partial<InputField>): InputField => InputFieldSchema.parse(patch)

const topicAndCount = [
  field({ name: 'topic', description: 'What to write about' }),
  field({ name: 'count', type: 'integer', required: false }),
  field({ name: 'tone', type: 'enum', options: ['plain', 'warm'], required: false }),
  field({ name: 'draft', type: 'boolean', required: false }),
]

describe('input field declarations', () => {
  it('fills defaults: a required text field', () => {
    expect(InputFieldSchema.parse({ name: 'topic' })).toEqual({ name: 'topic', type: 'string', required: true, description: '', options: [] })
  })

  it('names bad names, duplicates and empty choices in words', () => {
    const problems = inputFieldsProblems([
      field({ name: '' }),
      field({ name: '2nd' }),
      field({ name: 'topic' }),
      field({ name: 'topic' }),
      field({ name: 'tone', type: 'enum' }),
      field({ name: 'mood', type: 'enum', options: ['a', ''] }),
      field({ name: 'size', type: 'enum', options: ['s', 's'] }),
    ])
    expect(problems).toEqual([
      'Input field 1 has no name.',
      'Input field "2nd": a name uses letters, digits and "_", and does not begin with a digit.',
      'Two input fields are named "topic".',
      'Input field "tone" is a choice but has no options.',
      'Input field "mood" has an empty option.',
      'Input field "size" lists an option twice.',
    ])
    expect(inputFieldsProblems(topicAndCount)).toEqual([])
  })

  it('describes the input as a JSON Schema object', () => {
    expect(inputFieldsToJsonSchema(topicAndCount)).toEqual({
      type: 'object',
      properties: {
        topic: { type: 'string', description: 'What to write about' },
        count: { type: 'integer' },
        tone: { type: 'string', enum: ['plain', 'warm'] },
        draft: { type: 'boolean' },
      },
      required: ['topic'],
      additionalProperties: false,
    })
  })
})

describe('checkStartInput', () => {
  it('accepts a matching object, or its JSON text', () => {
    expect(checkStartInput(topicAndCount, { topic: 'bees', count: 3 })).toEqual({ ok: true, value: { topic: 'bees', count: 3 } })
    expect(checkStartInput(topicAndCount, '{"topic":"bees","tone":"warm","draft":true}')).toEqual({
      ok: true,
      value: { topic: 'bees', tone: 'warm', draft: true },
    })
  })

  it('says what is wrong with each field', () => {
    const checked = checkStartInput(topicAndCount, { count: 2.5, tone: 'loud', draft: 'yes', extra: 1 })
    expect(checked).toEqual({
      ok: false,
      problems: expect.arrayContaining([
        { field: 'topic', message: '"topic" is required.' },
        { field: 'count', message: '"count" must be a whole number.' },
        { field: 'tone', message: '"tone" must be one of "plain", "warm".' },
        { field: 'draft', message: '"draft" must be true or false.' },
        { message: 'Not an input of this workflow: "extra".' },
      ]),
    })
    if (!checked.ok) expect(checked.problems).toHaveLength(5)
  })

  it('refuses text that is not a JSON object', () => {
    expect(checkStartInput(topicAndCount, 'write about bees')).toEqual({
      ok: false,
      problems: [{ message: 'The input must be a JSON object with the fields "topic", "count", "tone", "draft".' }],
    })
    expect(checkStartInput(topicAndCount, '[1]')).toEqual({ ok: false, problems: [{ message: 'The input must be a JSON object with the declared fields.' }] })
  })
})
