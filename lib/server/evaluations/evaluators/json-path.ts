/**
 * `json_path_equals`: the value at a path of the output (parsed as JSON when it is text) equals the spec's value,
 * or the value at the same path of the row's expected answer. Paths are a small safe subset of JSONPath — `$`,
 * `.key`, `["key"]`, `[index]` — read step by step, with no filters or scripts.
 */
import type { SpecOf } from '@/lib/contracts/evaluators'
import { deepEqual, jsonValueOf, quote, verdict, type EvaluatorResult, type Sample } from './sample'

type Step = string | number
const STEP = /^(?:\.([A-Za-z_$][\w$-]*)|\[(\d{1,9})\]|\["((?:[^"\\]|\\.)*)"\]|\['((?:[^'\\]|\\.)*)'\])/

/** The path's steps; throws an Error naming where it stops parsing. */
export function parseJsonPath(path: string): Step[] {
  if (!path.startsWith('$')) throw new Error('A path starts with $.')
  const steps: Step[] = []
  let rest = path.slice(1)
  while (rest.length > 0) {
    const match = STEP.exec(rest)
    if (!match) throw new Error(`The path ${quote(path)} cannot be read at ${quote(rest, 30)}: use .key, ["key"] or [index].`)
    if (match[1] !== undefined) steps.push(match[1])
    else if (match[2] !== undefined) steps.push(Number(match[2]))
    else steps.push(JSON.parse(`"${match[3] ?? match[4]!.replace(/"/g, '\\"')}"`) as string)
    rest = rest.slice(match[0].length)
  }
  return steps
}

/** The value at the path, or `{ found: false }`. */
export function readJsonPath(value: unknown, steps: readonly Step[]): { found: true; value: unknown } | { found: false } {
  let current = value
  for (const step of steps) {
    if (typeof step === 'number') {
      if (!Array.isArray(current) || step >= current.length) return { found: false }
      current = current[step]
    } else {
      if (current === null || typeof current !== 'object' || Array.isArray(current) || !Object.hasOwn(current, step)) return { found: false }
      current = (current as Record<string, unknown>)[step]
    }
  }
  return { found: true, value: current }
}

export function evaluateJsonPathEquals(sample: Sample, spec: SpecOf<'json_path_equals'>): EvaluatorResult {
  const steps = parseJsonPath(spec.path)
  let wanted: unknown = spec.value
  if (wanted === undefined) {
    const fromExpected = readJsonPath(jsonValueOf(sample.expected), steps)
    if (!fromExpected.found) return verdict(false, `Nothing to compare with: no value given and the expected answer has nothing at ${spec.path}.`)
    wanted = fromExpected.value
  }
  const actual = readJsonPath(jsonValueOf(sample.output), steps)
  if (!actual.found) return verdict(false, `The output has nothing at ${spec.path}.`)
  return deepEqual(actual.value, wanted)
    ? verdict(true, `${spec.path} is ${quote(JSON.stringify(wanted))}.`)
    : verdict(false, `${spec.path} is ${quote(JSON.stringify(actual.value) ?? 'undefined')}, not ${quote(JSON.stringify(wanted))}.`)
}
