/** `contains`: the output contains the text(s); the score is the share of them found. */
import type { SpecOf } from '@/lib/contracts/evaluators'
import { comparedValue, graded, quote, textOf, type EvaluatorResult, type Sample } from './sample'

export function evaluateContains(sample: Sample, spec: SpecOf<'contains'>): EvaluatorResult {
  const wanted = Array.isArray(spec.value) ? spec.value : [comparedValue(spec.value, sample)].filter((text): text is string => text !== undefined)
  if (wanted.length === 0) return { score: 0, passed: false, reason: 'Nothing to look for: the row has no expected answer and the evaluator no value.' }
  const fold = (text: string) => (spec.caseSensitive ? text : text.toLowerCase())
  const output = fold(textOf(sample.output))
  const found = wanted.filter((text) => output.includes(fold(text)))
  const missing = wanted.filter((text) => !found.includes(text))
  const any = spec.match === 'any'
  const score = any ? (found.length > 0 ? 1 : 0) : found.length / wanted.length
  const reason =
    missing.length === 0
      ? `The output contains ${wanted.map((text) => quote(text, 40)).join(', ')}.`
      : any && found.length > 0
        ? `The output contains ${quote(found[0], 40)}.`
        : `The output lacks ${missing.map((text) => quote(text, 40)).join(', ')}.`
  return graded(score, spec.passAt ?? 1, reason)
}
