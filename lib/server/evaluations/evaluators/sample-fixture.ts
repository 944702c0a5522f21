/** For the evaluators' unit tests: a sample with defaults, and a spec parsed as an experiment request parses it. */
import { evaluatorSpecSchema, type EvaluatorKind, type EvaluatorSpecInput, type SpecOf } from '@/lib/contracts/evaluators'
import type { Sample } from './sample'

export function sampleOf(parts: Partial<Sample> = {}): Sample {
  return { input: 'question', output: '', metrics: { tokens: 10, latencyMs: 100 }, toolCalls: [], ...parts }
}

export function specOf<K extends EvaluatorKind>(spec: Extract<EvaluatorSpecInput, { kind: K }>): SpecOf<K> {
  return evaluatorSpecSchema.parse(spec) as SpecOf<K>
}

/** True when the contract refuses the spec. */
export function refused(spec: unknown): boolean {
  return !evaluatorSpecSchema.safeParse(spec).success
}
