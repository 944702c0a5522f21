/** `exact`: the output equals the spec's value (or the row's expected answer), trimmed and case-folded as asked. */
import type { SpecOf } from '@/lib/contracts/evaluators'
import { comparedValue, quote, textOf, verdict, type EvaluatorResult, type Sample } from './sample'

export function evaluateExact(sample: Sample, spec: SpecOf<'exact'>): EvaluatorResult {
  const wanted = comparedValue(spec.value, sample)
  if (wanted === undefined) return verdict(false, 'Nothing to compare with: the row has no expected answer and the evaluator no value.')
  const normalise = (text: string) => {
    const trimmed = spec.trim ? text.trim() : text
    return spec.caseSensitive ? trimmed : trimmed.toLowerCase()
  }
  const output = textOf(sample.output)
  return normalise(output) === normalise(wanted)
    ? verdict(true, `The output equals ${quote(wanted)}.`)
    : verdict(false, `The output ${quote(output)} is not ${quote(wanted)}.`)
}
