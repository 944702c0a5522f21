/**
 * Conditions and transforms are CEL expressions (data, never code): parsed and evaluated by
 * @marcbachmann/cel-js, which has no access to the host beyond the values passed in.
 *
 * The message that reaches a node is exposed to CEL as the single variable `input`:
 * - a string message is a CEL `string`:             `input.contains("urgent")`, `size(input) > 200`
 * - an object message is a CEL `map`:               `input.score >= 0.5`, `has(input.email)`
 * - a list message (e.g. what a fan-in joins as a list) is a CEL `list`:  `size(input) == 2`
 * - a Message[] conversation becomes a list of `{ role, text, authorName? }` maps.
 * Numbers in messages are CEL doubles (as in CEL's JSON mapping), so arithmetic on them uses
 * double literals (`input.count + 1.0`); comparisons with int literals (`input.count > 3`) work.
 * Results are turned back into plain JSON values (ints become numbers, maps become objects).
 */
import { Environment, ParseError, TypeError as CelTypeError, type ParseResult } from '@marcbachmann/cel-js'
import { Message } from '@/lib/core/browser'
import { ExpressionError } from './errors'

const environment = new Environment({
  homogeneousAggregateLiterals: false,
  limits: { maxAstNodes: 2_000, maxDepth: 50, maxListElements: 500, maxMapEntries: 500 },
}).registerVariable('input', 'dyn', { description: 'The message that reached the node.' })

export type ExpressionCheck = { ok: true } | { ok: false; message: string }

/** Parses and type-checks without evaluating; the message is one line, fit for a problems list. */
export function checkExpression(expression: string): ExpressionCheck {
  if (expression.trim() === '') return { ok: false, message: 'The expression is empty.' }
  try {
    const result = environment.check(expression)
    if (result.valid) return { ok: true }
    return { ok: false, message: summarize(result.error) }
  } catch (error) {
    return { ok: false, message: summarize(error) }
  }
}

/** A parsed expression, ready to be evaluated many times. Throws ExpressionError when it does not parse. */
export interface CompiledExpression {
  readonly source: string
  evaluate(input: unknown): unknown
}

export function compileExpression(expression: string): CompiledExpression {
  let parsed: ParseResult
  try {
    parsed = environment.parse(expression)
  } catch (error) {
    throw new ExpressionError(expression, summarize(error), { cause: error })
  }
  return {
    source: expression,
    evaluate(input: unknown): unknown {
      let value: unknown
      try {
        value = parsed({ input: toCelValue(input) })
      } catch (error) {
        throw new ExpressionError(expression, summarize(error), { cause: error })
      }
      return fromCelValue(value)
    },
  }
}

/** Compiles a condition: the result must be a bool; anything else is an error, not a silent false. */
export function compileCondition(expression: string): (input: unknown) => boolean {
  const compiled = compileExpression(expression)
  return (input) => {
    const value = compiled.evaluate(input)
    if (typeof value !== 'boolean') {
      throw new ExpressionError(expression, `The condition must evaluate to a bool, got ${describe(value)}.`)
    }
    return value
  }
}

function summarize(error: unknown): string {
  if (error instanceof ParseError || error instanceof CelTypeError) return firstLine(error.message)
  if (error instanceof Error) return firstLine(error.message)
  return String(error)
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0]!.trim()
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  return typeof value === 'object' ? 'a map' : `${typeof value} ${JSON.stringify(value)}`
}

/** Plain JSON-like values for CEL; Messages become small maps so conditions can read roles and text. */
export function toCelValue(value: unknown): unknown {
  if (value instanceof Message) {
    const map: Record<string, unknown> = { role: value.role, text: value.text }
    if (value.authorName !== undefined) map.authorName = value.authorName
    return map
  }
  if (Array.isArray(value)) return value.map(toCelValue)
  if (value === undefined) return null
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Uint8Array)) {
    const map: Record<string, unknown> = {}
    for (const [key, entry] of Object.entries(value)) if (entry !== undefined) map[key] = toCelValue(entry)
    return map
  }
  return value
}

/** CEL ints are bigints and its maps may be Map instances; hand back plain JSON values. */
export function fromCelValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value)
  if (Array.isArray(value)) return value.map(fromCelValue)
  if (value instanceof Map) {
    const object: Record<string, unknown> = {}
    for (const [key, entry] of value) object[String(key)] = fromCelValue(entry)
    return object
  }
  if (value instanceof Uint8Array) return new TextDecoder().decode(value)
  if (value instanceof Date) return value.toISOString()
  if (value !== null && typeof value === 'object') {
    const object: Record<string, unknown> = {}
    for (const [key, entry] of Object.entries(value)) object[key] = fromCelValue(entry)
    return object
  }
  return value
}
