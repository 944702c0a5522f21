import { describe, expect, it } from 'vitest'
import { checkJsonValue } from './json-schema-check'

const person = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    age: { type: 'integer' },
    role: { enum: ['admin', 'member'] },
    tags: { type: 'array', items: { type: 'string' } },
    manager: { anyOf: [{ type: 'null' }, { $ref: '#/$defs/ref' }] },
  },
  required: ['name', 'age'],
  additionalProperties: false,
  $defs: { ref: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
}

describe('checkJsonValue', () => {
  it('finds no problem in a value that fits', () => {
    expect(checkJsonValue({ name: 'Ada', age: 36, role: 'admin', tags: ['x'], manager: { id: 'm1' } }, person)).toEqual([])
    expect(checkJsonValue({ name: 'Ada', age: 36, manager: null }, person)).toEqual([])
  })

  it('names each problem with its path', () => {
    expect(checkJsonValue({ age: 36.5, role: 'owner', tags: ['x', 2], extra: true }, person)).toEqual([
      '$: missing required property "name"',
      '$.age: expected integer, got number',
      '$.role: expected one of "admin", "member"',
      '$.tags[1]: expected string, got integer',
      '$.extra: property not allowed',
    ])
  })

  it('follows local references and reports a value that fits none of the alternatives', () => {
    expect(checkJsonValue({ name: 'Ada', age: 1, manager: { boss: true } }, person)).toEqual(['$.manager: matches none of the 2 allowed shapes'])
  })

  it('checks the root type and const', () => {
    expect(checkJsonValue('text', person)).toEqual(['$: expected object, got string'])
    expect(checkJsonValue(2, { const: 3 })).toEqual(['$: expected 3'])
    expect(checkJsonValue(2, { type: 'number' })).toEqual([])
  })
})

describe('checkJsonValue on schemas that loop or explode', () => {
  it('reports a $ref that refers to itself instead of recursing forever', () => {
    expect(checkJsonValue({ a: 1 }, { $ref: '#' })).toEqual(["$: the schema's $ref # refers to itself in a loop"])
    const pingPong = { $ref: '#/$defs/a', $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } } }
    expect(checkJsonValue(1, pingPong)[0]).toMatch(/refers to itself in a loop/)
  })

  it('still follows a recursive schema as deep as the value goes', () => {
    const tree = { type: 'object', properties: { child: { $ref: '#' } }, additionalProperties: false }
    expect(checkJsonValue({ child: { child: { child: {} } } }, tree)).toEqual([])
    expect(checkJsonValue({ child: { child: { other: 1 } } }, tree)).toEqual(['$.child.child.other: property not allowed'])
  })

  it('gives up on a schema whose alternatives multiply, with a problem rather than a hang', () => {
    let schema: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 30; i++) schema = { anyOf: [{ type: 'number' }, schema, schema] }
    expect(checkJsonValue(true, schema).join(' ')).toMatch(/too complex to check|matches none/)
  })
})
