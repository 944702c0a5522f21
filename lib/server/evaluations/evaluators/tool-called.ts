/** `tool_called`: the run called a tool (with the named arguments, when given) — or, with expectCalled false, did not. */
import type { SpecOf } from '@/lib/contracts/evaluators'
import { deepEqual, jsonValueOf, verdict, type EvaluatorResult, type Sample } from './sample'

function argumentsMatch(actual: unknown, wanted: Record<string, unknown> | undefined): boolean {
  if (wanted === undefined) return true
  const parsed = jsonValueOf(actual)
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return Object.keys(wanted).length === 0
  return Object.entries(wanted).every(([key, value]) => deepEqual((parsed as Record<string, unknown>)[key], value))
}

export function evaluateToolCalled(sample: Sample, spec: SpecOf<'tool_called'>): EvaluatorResult {
  const byName = sample.toolCalls.filter((call) => call.name === spec.tool)
  const matching = byName.filter((call) => argumentsMatch(call.arguments, spec.arguments))
  const withArguments = spec.arguments ? ' with the given arguments' : ''
  if (!spec.expectCalled) {
    return matching.length === 0 ? verdict(true, `${spec.tool} was not called${withArguments}.`) : verdict(false, `${spec.tool} was called${withArguments}.`)
  }
  if (matching.length > 0) return verdict(true, `${spec.tool} was called${withArguments}.`)
  if (byName.length > 0) return verdict(false, `${spec.tool} was called ${byName.length} time(s), never with the given arguments.`)
  const called = [...new Set(sample.toolCalls.map((call) => call.name))]
  return verdict(false, `${spec.tool} was not called${called.length ? ` (called: ${called.slice(0, 5).join(', ')})` : ''}.`)
}
