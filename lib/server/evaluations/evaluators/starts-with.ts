/** `starts_with`: the output (leading whitespace aside) begins with the text. */
import type { SpecOf } from '@/lib/contracts/evaluators'
import { comparedValue, quote, textOf, verdict, type EvaluatorResult, type Sample } from './sample'

export function evaluateStartsWith(sample: Sample, spec: SpecOf<'starts_with'>): EvaluatorResult {
  const wanted = comparedValue(spec.value, sample)
  if (wanted === undefined) return verdict(false, 'Nothing to compare with: the row has no expected answer and the evaluator no value.')
  const output = textOf(sample.output).trimStart()
  const fold = (text: string) => (spec.caseSensitive ? text : text.toLowerCase())
  return fold(output).startsWith(fold(wanted))
    ? verdict(true, `The output starts with ${quote(wanted)}.`)
    : verdict(false, `The output ${quote(output)} does not start with ${quote(wanted)}.`)
}
