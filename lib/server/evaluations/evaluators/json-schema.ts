/**
 * `json_schema`: the output (parsed as JSON when it is text) satisfies a JSON Schema. The schema becomes a zod
 * schema with zod's own `z.fromJSONSchema` (as tool parameters are, lib/core/tools/arguments.ts) rather than a
 * second validator: zod is already a dependency, ajv only a transitive one.
 */
import { z } from 'zod'
import type { SpecOf } from '@/lib/contracts/evaluators'
import { jsonValueOf, verdict, type EvaluatorResult, type Sample } from './sample'

/**
 * Keywords refused: zod turns `pattern` and `patternProperties` into JavaScript regular expressions, which backtrack —
 * a pattern like `^(a+)+$` on a long output would hold the worker for hours. A `regex` evaluator (RE2) checks text
 * patterns in linear time instead.
 */
const BACKTRACKING_KEYWORDS = new Set(['pattern', 'patternProperties'])

function backtrackingKeyword(value: unknown, depth = 0): string | undefined {
  if (depth > 64 || value === null || typeof value !== 'object') return undefined
  for (const [key, entry] of Object.entries(value)) {
    if (!Array.isArray(value) && BACKTRACKING_KEYWORDS.has(key)) return key
    const found = backtrackingKeyword(entry, depth + 1)
    if (found) return found
  }
  return undefined
}

/** The compiled schema; throws an Error when the JSON Schema cannot be read or uses a keyword refused here. */
export function compileJsonSchema(schema: Record<string, unknown>): z.ZodType {
  const refused = backtrackingKeyword(schema)
  if (refused) throw new Error(`The JSON Schema uses "${refused}", which is not supported here: check text patterns with a regex evaluator (RE2).`)
  try {
    return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0])
  } catch (error) {
    throw new Error(`The JSON Schema cannot be used: ${(error as Error).message}`)
  }
}

export function evaluateJsonSchema(sample: Sample, spec: SpecOf<'json_schema'>): EvaluatorResult {
  const value = jsonValueOf(sample.output)
  const result = compileJsonSchema(spec.schema).safeParse(value)
  if (result.success) return verdict(true, 'The output satisfies the schema.')
  const problems = result.error.issues.slice(0, 3).map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
  return verdict(false, `The output does not satisfy the schema: ${problems.join('; ')}.`)
}
