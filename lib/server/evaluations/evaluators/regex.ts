/**
 * `regex`: the output matches (or, negated, does not match) a pattern. Patterns are people's input and run on
 * every row, so they run on RE2 (re2js, as the file search does): matching takes time linear in the text whatever
 * the pattern, with no backtracking to hang the process, and the pattern's length is capped in the contract.
 */
import { RE2JS } from 're2js'
import type { SpecOf } from '@/lib/contracts/evaluators'
import { quote, textOf, verdict, type EvaluatorResult, type Sample } from './sample'

const FLAG_BITS: Record<string, number> = { i: RE2JS.CASE_INSENSITIVE, m: RE2JS.MULTILINE, s: RE2JS.DOTALL }

/** The compiled pattern; throws an Error saying what is wrong with it (RE2 syntax: no lookaround or backreferences). */
export function compileRegex(spec: Pick<SpecOf<'regex'>, 'pattern' | 'flags'>): RE2JS {
  let flags = 0
  for (const flag of spec.flags) flags |= FLAG_BITS[flag] ?? 0
  try {
    return RE2JS.compile(spec.pattern, flags)
  } catch (error) {
    throw new Error(`The pattern ${quote(spec.pattern)} is not valid RE2 syntax (no lookaround or backreferences): ${(error as Error).message}`)
  }
}

export function evaluateRegex(sample: Sample, spec: SpecOf<'regex'>): EvaluatorResult {
  const output = textOf(sample.output)
  const matched = compileRegex(spec).matcher(output).find()
  if (spec.negate)
    return verdict(!matched, matched ? `The output matches /${spec.pattern}/, which it must not.` : `The output does not match /${spec.pattern}/.`)
  return verdict(matched, matched ? `The output matches /${spec.pattern}/.` : `The output ${quote(output)} does not match /${spec.pattern}/.`)
}
