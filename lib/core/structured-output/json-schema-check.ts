/**
 * A deliberately small check of a JSON value against a JSON Schema, for replies to a plain JSON Schema
 * format (zod formats are validated by zod). No full validator is a dependency of lib/core, so this checks
 * the structure only: `type`, `enum`, `const`, `properties`, `required`, `additionalProperties`, `items`,
 * `anyOf` / `oneOf` / `allOf` and local `$ref`s (`#`, `#/$defs/…`, `#/definitions/…`). Value constraints
 * (lengths, ranges, patterns, formats) are not checked.
 */
import type { JSONSchema } from '../types'

const MAX_PROBLEMS = 10
/** `$ref`s followed in a row without going into the value: more means the schema refers to itself in a loop. */
const MAX_REF_CHAIN = 32
/** Schema nodes visited for one value: a user's schema (nested anyOf, refs) must not make a check run away. */
const MAX_VISITS = 20_000

/** Problems found, each `<path>: <what is wrong>`, at most ten; empty when the value fits. */
export function checkJsonValue(value: unknown, schema: JSONSchema): string[] {
  const problems: string[] = []
  checkNode(value, schema, '$', { root: schema, problems, visits: { count: 0 } }, 0)
  return problems
}

interface CheckContext {
  root: JSONSchema
  problems: string[]
  /** Shared by the attempts of anyOf/oneOf, which have problem lists of their own. */
  visits: { count: number }
}

function checkNode(value: unknown, schema: unknown, path: string, context: CheckContext, refChain = 0): void {
  if (context.problems.length >= MAX_PROBLEMS || !isRecord(schema)) return
  if (++context.visits.count > MAX_VISITS) {
    context.problems.push(`${path}: the schema is too complex to check`)
    return
  }
  if (typeof schema.$ref === 'string') {
    if (refChain >= MAX_REF_CHAIN) {
      context.problems.push(`${path}: the schema's $ref ${schema.$ref} refers to itself in a loop`)
      return
    }
    const target = resolveRef(schema.$ref, context.root)
    if (target) checkNode(value, target, path, context, refChain + 1)
  }
  if (!typeMatches(value, schema.type)) {
    context.problems.push(`${path}: expected ${describeType(schema.type)}, got ${jsonTypeOf(value)}`)
    return
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => jsonEqual(option, value))) {
    context.problems.push(`${path}: expected one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}`)
  }
  if ('const' in schema && !jsonEqual(schema.const, value)) context.problems.push(`${path}: expected ${JSON.stringify(schema.const)}`)
  checkAlternatives(value, schema, path, context)
  if (isRecord(value)) checkObject(value, schema, path, context)
  if (Array.isArray(value) && isRecord(schema.items)) value.forEach((item, index) => checkNode(item, schema.items, `${path}[${index}]`, context))
}

function checkAlternatives(value: unknown, schema: Record<string, unknown>, path: string, context: CheckContext): void {
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf) checkNode(value, part, path, context)
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key]
    if (!Array.isArray(options) || options.length === 0) continue
    const fits = options.some((option) => {
      const attempt: CheckContext = { root: context.root, problems: [], visits: context.visits }
      checkNode(value, option, path, attempt)
      return attempt.problems.length === 0
    })
    if (!fits) context.problems.push(`${path}: matches none of the ${options.length} allowed shapes`)
  }
}

function checkObject(value: Record<string, unknown>, schema: Record<string, unknown>, path: string, context: CheckContext): void {
  const properties = isRecord(schema.properties) ? schema.properties : {}
  if (Array.isArray(schema.required)) {
    for (const key of schema.required) if (typeof key === 'string' && !(key in value)) context.problems.push(`${path}: missing required property "${key}"`)
  }
  for (const [key, item] of Object.entries(value)) {
    const itemPath = `${path}.${key}`
    if (key in properties) checkNode(item, properties[key], itemPath, context)
    else if (schema.additionalProperties === false) context.problems.push(`${itemPath}: property not allowed`)
    else if (isRecord(schema.additionalProperties)) checkNode(item, schema.additionalProperties, itemPath, context)
  }
}

function resolveRef(ref: string, root: JSONSchema): unknown {
  if (ref === '#') return root
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref)
  if (!match) return undefined
  const group = root[match[1]]
  return isRecord(group) ? group[match[2].replace(/~1/g, '/').replace(/~0/g, '~')] : undefined
}

function typeMatches(value: unknown, type: unknown): boolean {
  if (type === undefined) return true
  const types = Array.isArray(type) ? type : [type]
  return types.some((one) => one === jsonTypeOf(value) || (one === 'number' && jsonTypeOf(value) === 'integer'))
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  return typeof value
}

function describeType(type: unknown): string {
  return Array.isArray(type) ? type.join(' or ') : String(type)
}

function jsonEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
