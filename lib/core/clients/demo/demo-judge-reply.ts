/**
 * The demo model as a judge. An evaluation's LLM judge (lib/server/evaluations) asks its model to grade an output
 * against a rubric; so that experiments run — and are tested — with no key and no network, the demo model
 * recognises a judge prompt and answers it deterministically, in the JSON a judge is asked for:
 * `{"score": <integer on the scale>, "reason": "…"}`.
 *
 * A judge prompt is a message holding `<judge-request>` with these tagged parts (the prompt builder is the
 * server's; the tags are the protocol between the two):
 *   <scale min="1" max="5"/>  <rubric>…</rubric>  <output>…</output>  and optionally <expected>…</expected>
 *
 * The grade: with an expected answer, the share of its words that the output contains, mapped onto the scale
 * (all of them: the top; none: the bottom); without one, the top for a non-empty output and the bottom for an
 * empty one.
 */

export const JUDGE_REQUEST_TAG = 'judge-request'

export interface DemoJudgement {
  score: number
  reason: string
}

/** The demo's judgement of a judge prompt, or undefined when the text is not one. */
export function demoJudgement(text: string): DemoJudgement | undefined {
  if (!text.includes(`<${JUDGE_REQUEST_TAG}>`)) return undefined
  const scale = /<scale\s+min="(\d+)"\s+max="(\d+)"\s*\/>/.exec(text)
  const output = tagged(text, 'output')
  if (!scale || output === undefined) return undefined
  const min = Number(scale[1])
  const max = Number(scale[2])
  if (!(max > min)) return undefined
  const expected = tagged(text, 'expected')
  if (expected === undefined || words(expected).size === 0) {
    const empty = output.trim() === ''
    return { score: empty ? min : max, reason: empty ? 'The output is empty.' : 'The output answers (no expected answer to compare with).' }
  }
  const wanted = words(expected)
  const found = words(output)
  let shared = 0
  for (const word of wanted) if (found.has(word)) shared++
  const share = shared / wanted.size
  return { score: min + Math.round(share * (max - min)), reason: `The output has ${shared} of the expected answer's ${wanted.size} words.` }
}

/** The judgement as the JSON text a judge answers with. */
export function demoJudgeReply(text: string): string | undefined {
  const judgement = demoJudgement(text)
  return judgement && JSON.stringify(judgement)
}

/** The text between the last `<tag>` and the `</tag>` after it (the output comes last, so a rubric quoting a tag does not fool it). */
function tagged(text: string, tag: string): string | undefined {
  const open = text.lastIndexOf(`<${tag}>`)
  if (open < 0) return undefined
  const start = open + tag.length + 2
  const close = text.indexOf(`</${tag}>`, start)
  return close < 0 ? undefined : text.slice(start, close)
}

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
}
