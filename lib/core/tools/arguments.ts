/**
 * Turning what a model sent as function arguments into a validated arguments object.
 * Every failure is a value (never a throw) so the invocation loop can hand the problem
 * back to the model as a tool error instead of crashing the run.
 */
import { z } from 'zod'
import type { JSONSchema } from '../types'

export type ArgumentsResult<T> = { ok: true; value: T } | { ok: false; problem: string }

/** Checks an already-decoded arguments object; returns the (possibly normalised) arguments or a problem. */
export type ArgumentsValidator<T> = (args: Record<string, unknown>) => ArgumentsResult<T>

export function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value && typeof (value as z.ZodType).safeParse === 'function'
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Decodes the raw arguments of a function call: JSON text or an object; empty text means no arguments. */
export function decodeArguments(raw: unknown): ArgumentsResult<Record<string, unknown>> {
  if (raw === undefined || raw === null) return { ok: true, value: {} }
  let decoded: unknown = raw
  if (typeof raw === 'string') {
    if (raw.trim() === '') return { ok: true, value: {} }
    try {
      decoded = JSON.parse(raw)
    } catch (error) {
      return { ok: false, problem: `Arguments are not valid JSON: ${(error as Error).message}` }
    }
  }
  if (!isPlainObject(decoded)) {
    const kind = Array.isArray(decoded) ? 'an array' : decoded === null ? 'null' : `a ${typeof decoded}`
    return { ok: false, problem: `Arguments must be a JSON object, got ${kind}.` }
  }
  return { ok: true, value: decoded }
}

/** One line per issue, each naming the argument it concerns. */
export function describeZodIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(arguments)'}: ${issue.message}`).join('; ')
}

/** Validation with a zod schema; the parsed output (defaults, transforms) is what the tool receives. */
export function zodArgumentsValidator<S extends z.ZodType>(schema: S): ArgumentsValidator<z.output<S>> {
  return (args) => {
    const parsed = schema.safeParse(args)
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: describeZodIssues(parsed.error) }
  }
}

/**
 * Validation against a JSON Schema, compiled once on first use. The arguments the tool receives are the
 * model's own (not the validator's output), so names a schema does not declare still reach tools that opt
 * into them (MCP's argument allowlist decides those). Schemas zod cannot compile fall back to checking
 * required names and top-level types.
 */
export function jsonSchemaArgumentsValidator(schema: JSONSchema): ArgumentsValidator<Record<string, unknown>> {
  let compiled: z.ZodType | null | undefined
  return (args) => {
    if (compiled === undefined) compiled = compileJsonSchema(schema)
    if (compiled === null) return checkRequiredAndTypes(schema, args)
    const parsed = compiled.safeParse(args)
    return parsed.success ? { ok: true, value: args } : { ok: false, problem: describeZodIssues(parsed.error) }
  }
}

function compileJsonSchema(schema: JSONSchema): z.ZodType | null {
  try {
    return z.fromJSONSchema(withoutPatterns(schema) as Parameters<typeof z.fromJSONSchema>[0])
  } catch {
    return null
  }
}

/**
 * Keywords left to the tool itself: zod runs `pattern` and `patternProperties` as JavaScript regular expressions, which
 * backtrack, and a tool's schema is often another party's (an MCP server's): a pattern like `^(a+)+$` would hold this
 * process for hours on a model's long argument. The tool still checks its own input (an MCP server validates its
 * arguments), so a value a pattern refuses is refused there, as a tool error the model reads.
 */
const PATTERN_KEYWORDS = new Set(['pattern', 'patternProperties'])
/** Keywords whose value maps names (an argument's, a definition's) to schemas: a name "pattern" there is no keyword. */
const SCHEMA_MAPS = new Set(['properties', '$defs', 'definitions', 'dependentSchemas'])
const MAX_SCHEMA_DEPTH = 64

function withoutPatterns(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_SCHEMA_DEPTH) return value
  if (Array.isArray(value)) return value.map((entry) => withoutPatterns(entry, depth + 1))
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !PATTERN_KEYWORDS.has(key))
      .map(([key, entry]) => [
        key,
        SCHEMA_MAPS.has(key) && isPlainObject(entry) ? schemasWithoutPatterns(entry, depth + 1) : withoutPatterns(entry, depth + 1),
      ]),
  )
}

function schemasWithoutPatterns(schemas: Record<string, unknown>, depth: number): Record<string, unknown> {
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, withoutPatterns(schema, depth)]))
}

const JSON_TYPE_CHECKS: Record<string, (value: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  object: isPlainObject,
  array: Array.isArray,
  null: (v) => v === null,
}

function checkRequiredAndTypes(schema: JSONSchema, args: Record<string, unknown>): ArgumentsResult<Record<string, unknown>> {
  const required = Array.isArray(schema.required) ? (schema.required as unknown[]) : []
  const missing = required.filter((name): name is string => typeof name === 'string' && !(name in args))
  if (missing.length > 0) return { ok: false, problem: missing.map((name) => `${name}: Required argument is missing`).join('; ') }
  const properties = isPlainObject(schema.properties) ? schema.properties : {}
  for (const [name, value] of Object.entries(args)) {
    const declared = properties[name]
    if (!isPlainObject(declared)) continue
    const types = Array.isArray(declared.type) ? declared.type : [declared.type]
    const checks = types.filter((t): t is string => typeof t === 'string' && t in JSON_TYPE_CHECKS)
    if (checks.length > 0 && !checks.some((t) => JSON_TYPE_CHECKS[t](value))) {
      return { ok: false, problem: `${name}: expected ${checks.join(' or ')}` }
    }
  }
  return { ok: true, value: args }
}
