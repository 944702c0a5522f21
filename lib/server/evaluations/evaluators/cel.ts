/**
 * `cel`: a CEL expression (@marcbachmann/cel-js, as workflow conditions use: data, never code — no eval) over the
 * sample: `input`, `output`, `expected`, `notes`, `metrics` (`tokens`, `latencyMs`, `costUsd`) and `toolCalls`
 * (a list of `{ name, arguments }`). A bool is pass/fail; a number in [0, 1] is a score. Numbers are CEL doubles
 * (CEL's JSON mapping), so compare with `metrics.tokens < 500` or do arithmetic with `1.0`.
 */
import { Environment, type ParseResult } from '@marcbachmann/cel-js'
import type { SpecOf } from '@/lib/contracts/evaluators'
import { graded, jsonValueOf, verdict, type EvaluatorResult, type Sample } from './sample'

const VARIABLES = ['input', 'output', 'expected', 'notes', 'metrics', 'toolCalls'] as const

const environment = VARIABLES.reduce(
  (env, name) => env.registerVariable(name, 'dyn'),
  new Environment({ homogeneousAggregateLiterals: false, limits: { maxAstNodes: 2_000, maxDepth: 50, maxListElements: 500, maxMapEntries: 500 } }),
)

const compiled = new Map<string, ParseResult>()

/** The parsed and type-checked expression; throws an Error with CEL's first line when it is not valid. */
export function compileCel(expression: string): ParseResult {
  const cached = compiled.get(expression)
  if (cached) return cached
  let parsed: ParseResult
  try {
    const check = environment.check(expression)
    if (!check.valid) throw check.error
    parsed = environment.parse(expression)
  } catch (error) {
    throw new Error(`The CEL expression does not compile: ${firstLine(error)}`)
  }
  // Experiments reuse a handful of expressions across many rows: a small cache, bounded so user text cannot grow it.
  if (compiled.size > 100) compiled.clear()
  compiled.set(expression, parsed)
  return parsed
}

export function evaluateCel(sample: Sample, spec: SpecOf<'cel'>): EvaluatorResult {
  const expression = compileCel(spec.expression)
  let value: unknown
  try {
    value = expression({
      input: celValue(jsonValueOf(sample.input)),
      output: celValue(sample.output),
      expected: celValue(sample.expected),
      notes: sample.notes ?? '',
      metrics: celValue(sample.metrics),
      toolCalls: celValue(sample.toolCalls.map((call) => ({ name: call.name, arguments: jsonValueOf(call.arguments) }))),
    })
  } catch (error) {
    return verdict(false, `The expression failed on this row: ${firstLine(error)}`)
  }
  if (typeof value === 'boolean') return verdict(value, value ? `${spec.expression} holds.` : `${spec.expression} does not hold.`)
  const number = typeof value === 'bigint' ? Number(value) : value
  if (typeof number === 'number' && number >= 0 && number <= 1) return graded(number, spec.passAt ?? 0.5, `${spec.expression} = ${number}.`)
  return verdict(false, `The expression must give a bool or a number in [0, 1], not ${JSON.stringify(typeof number === 'number' ? number : typeof value)}.`)
}

/** JSON-like values for CEL: absent becomes null, so `has()` and comparisons with null work. */
function celValue(value: unknown): unknown {
  if (value === undefined) return null
  if (Array.isArray(value)) return value.map(celValue)
  if (value !== null && typeof value === 'object') {
    const map: Record<string, unknown> = {}
    for (const [key, entry] of Object.entries(value)) if (entry !== undefined) map[key] = celValue(entry)
    return map
  }
  return value
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n', 1)[0]!.trim()
}
