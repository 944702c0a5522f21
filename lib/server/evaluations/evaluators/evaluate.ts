/**
 * One entry for every evaluator kind: `evaluate` scores a sample with a spec (an evaluator that throws — a judge
 * whose model is down — fails the row with the reason, it never fails the experiment), `checkEvaluatorSpec` compiles
 * what can only be checked by compiling (regex, CEL, JSON Schema, JSON path) so a bad spec is refused before an
 * experiment starts, and `evaluatorLabels` names each spec for results and comparisons.
 */
import type { ChatClient } from '@/lib/core'
import type { EvaluatorSpec, SpecOf } from '@/lib/contracts/evaluators'
import { compileCel, evaluateCel } from './cel'
import { evaluateContains } from './contains'
import { evaluateExact } from './exact'
import { evaluateJsonPathEquals, parseJsonPath } from './json-path'
import { compileJsonSchema, evaluateJsonSchema } from './json-schema'
import { evaluateLlmJudge } from './llm-judge'
import { evaluateMetricThreshold } from './metric-threshold'
import { compileRegex, evaluateRegex } from './regex'
import type { EvaluatorResult, Sample } from './sample'
import { evaluateStartsWith } from './starts-with'
import { evaluateToolCalled } from './tool-called'

export interface EvaluateContext {
  /** The chat client a judge's model names (judge-clients.ts). */
  judgeClient(model: SpecOf<'llm_judge'>['model']): ChatClient
  signal?: AbortSignal
}

type Evaluators = { [K in EvaluatorSpec['kind']]: (sample: Sample, spec: SpecOf<K>, context: EvaluateContext) => EvaluatorResult | Promise<EvaluatorResult> }

const EVALUATORS = {
  exact: evaluateExact,
  contains: evaluateContains,
  starts_with: evaluateStartsWith,
  regex: evaluateRegex,
  json_schema: evaluateJsonSchema,
  json_path_equals: evaluateJsonPathEquals,
  metric_threshold: evaluateMetricThreshold,
  tool_called: evaluateToolCalled,
  cel: evaluateCel,
  llm_judge: (sample, spec, context) => evaluateLlmJudge(sample, spec, context.judgeClient(spec.model), context.signal),
} satisfies Evaluators

export async function evaluate(sample: Sample, spec: EvaluatorSpec, context: EvaluateContext): Promise<EvaluatorResult> {
  try {
    const run = EVALUATORS[spec.kind] as (sample: Sample, spec: EvaluatorSpec, context: EvaluateContext) => EvaluatorResult | Promise<EvaluatorResult>
    return await run(sample, spec, context)
  } catch (error) {
    return { score: 0, passed: false, reason: `The evaluator failed: ${(error as Error).message}`.slice(0, 500) }
  }
}

/** Throws an Error saying what is wrong with a spec whose parts only compiling can check. */
export function checkEvaluatorSpec(spec: EvaluatorSpec): void {
  switch (spec.kind) {
    case 'regex':
      compileRegex(spec)
      return
    case 'cel':
      compileCel(spec.expression)
      return
    case 'json_schema':
      compileJsonSchema(spec.schema)
      return
    case 'json_path_equals':
      parseJsonPath(spec.path)
      return
    default:
      return
  }
}

/** Each spec's label: its name, else its kind (`contains`, `contains#2` when a kind repeats). Labels are unique. */
export function evaluatorLabels(specs: readonly EvaluatorSpec[]): string[] {
  const seen = new Map<string, number>()
  return specs.map((spec) => {
    const base = spec.name ?? spec.kind
    const count = (seen.get(base) ?? 0) + 1
    seen.set(base, count)
    return count === 1 ? base : `${base}#${count}`
  })
}
