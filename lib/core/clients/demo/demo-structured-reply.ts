/**
 * The demo model's answer when structured output is asked for: JSON shaped like the schema, with placeholder
 * values (strings carry the text the demo would have answered, numbers 0, booleans false, arrays one item),
 * so structured output can be tried without a key. Schemas it cannot fill get the plain text answer, which
 * the framework then reports as a reply that does not match.
 */
import { normalizeResponseFormat, type ResponseFormat } from '../../structured-output/response-format'
import type { JSONSchema } from '../../types'

const MAX_DEPTH = 8

/** The JSON text to answer with, or undefined when no JSON is asked for or the schema is beyond the demo. */
export function demoStructuredReply(responseFormat: ResponseFormat | undefined, plainAnswer: string): string | undefined {
  const format = normalizeResponseFormat(responseFormat)
  if (!format || format.kind === 'text') return undefined
  if (format.kind === 'json_object') return JSON.stringify({ reply: plainAnswer })
  const filled = placeholderFor(format.schema, { root: format.schema, text: plainAnswer, depth: 0 })
  return filled.ok ? JSON.stringify(filled.value) : undefined
}

interface FillContext {
  root: JSONSchema
  text: string
  depth: number
}

type Filled = { ok: true; value: unknown } | { ok: false }

const CANNOT: Filled = { ok: false }
const filled = (value: unknown): Filled => ({ ok: true, value })

function placeholderFor(schema: unknown, context: FillContext): Filled {
  if (!isRecord(schema) || context.depth > MAX_DEPTH) return CANNOT
  const deeper = { ...context, depth: context.depth + 1 }
  if (typeof schema.$ref === 'string') return placeholderFor(resolveRef(schema.$ref, context.root), deeper)
  if ('const' in schema) return filled(schema.const)
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return filled(schema.enum[0])
  const alternatives = schema.anyOf ?? schema.oneOf
  if (Array.isArray(alternatives)) return firstFilled(alternatives, deeper)
  const type = Array.isArray(schema.type) ? schema.type.find((one) => one !== 'null') : schema.type
  switch (type) {
    case 'object':
      return objectPlaceholder(schema, deeper)
    case 'array':
      return arrayPlaceholder(schema, deeper)
    case 'string':
      return filled(context.text)
    case 'number':
    case 'integer':
      return filled(0)
    case 'boolean':
      return filled(false)
    case 'null':
      return filled(null)
    default:
      return schema.properties !== undefined ? objectPlaceholder(schema, deeper) : CANNOT
  }
}

function objectPlaceholder(schema: Record<string, unknown>, context: FillContext): Filled {
  const value: Record<string, unknown> = {}
  const properties = isRecord(schema.properties) ? schema.properties : {}
  for (const [key, property] of Object.entries(properties)) {
    const item = placeholderFor(property, context)
    if (!item.ok) return CANNOT
    value[key] = item.value
  }
  return filled(value)
}

function arrayPlaceholder(schema: Record<string, unknown>, context: FillContext): Filled {
  if (schema.items === undefined) return filled([])
  const item = placeholderFor(schema.items, context)
  return item.ok ? filled([item.value]) : CANNOT
}

function firstFilled(options: unknown[], context: FillContext): Filled {
  for (const option of options) {
    const item = placeholderFor(option, context)
    if (item.ok) return item
  }
  return CANNOT
}

function resolveRef(ref: string, root: JSONSchema): unknown {
  if (ref === '#') return root
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref)
  const group = match ? root[match[1]] : undefined
  return match && isRecord(group) ? group[match[2]] : undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
