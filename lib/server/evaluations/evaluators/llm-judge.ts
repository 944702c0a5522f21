/**
 * `llm_judge`: a model grades the output against a rubric on a scale (1–5 by default). The prompt asks for JSON
 * `{"score", "reason"}`; the answer is read leniently (the first JSON object in it, else `score: n`), and a score
 * off the scale or missing fails the row with the model's words as the reason rather than guessing. The score is
 * normalised onto [0, 1]. The demo model answers these prompts offline (lib/core demo-judge-reply.ts), so judges
 * run without a key; which chat client answers is the caller's (judge-clients.ts on the server).
 */
import { JUDGE_REQUEST_TAG, Message, type ChatClient } from '@/lib/core'
import type { SpecOf } from '@/lib/contracts/evaluators'
import { graded, textOf, verdict, type EvaluatorResult, type Sample } from './sample'

/** What a judge's prompt shows of long texts: enough to grade, bounded so one row cannot send megabytes. */
const MAX_SHOWN = 20_000

const INSTRUCTIONS =
  'You are a strict, fair grader of an AI system\'s answers. Grade the output against the rubric only. Reply with one JSON object and nothing else: {"score": <integer on the scale>, "reason": "<one sentence>"}.'

export function judgePrompt(sample: Sample, spec: SpecOf<'llm_judge'>): string {
  const shown = (value: unknown) => textOf(value).slice(0, MAX_SHOWN)
  const parts = [
    `<${JUDGE_REQUEST_TAG}>`,
    `Grade on the integer scale from ${spec.scale.min} (worst) to ${spec.scale.max} (best).`,
    `<scale min="${spec.scale.min}" max="${spec.scale.max}"/>`,
    `<rubric>${spec.rubric}</rubric>`,
    `<input>${shown(sample.input)}</input>`,
  ]
  if (sample.expected !== undefined && sample.expected !== null) parts.push(`<expected>${shown(sample.expected)}</expected>`)
  parts.push(`<output>${shown(sample.output)}</output>`, `</${JUDGE_REQUEST_TAG}>`)
  return parts.join('\n')
}

/** The score and reason in a judge's reply, or undefined when it holds none. */
export function parseJudgement(reply: string): { score: number; reason: string } | undefined {
  for (const candidate of reply.match(/\{[^{}]*\}/g) ?? []) {
    try {
      const parsed = JSON.parse(candidate) as { score?: unknown; reason?: unknown }
      const score = typeof parsed.score === 'string' ? Number(parsed.score) : parsed.score
      if (typeof score === 'number' && Number.isFinite(score)) return { score, reason: typeof parsed.reason === 'string' ? parsed.reason : '' }
    } catch {
      // not this one
    }
  }
  const loose = /score\s*["']?\s*[:=]\s*(-?\d+(?:\.\d+)?)/i.exec(reply)
  return loose ? { score: Number(loose[1]), reason: reply.trim().slice(0, 300) } : undefined
}

export async function evaluateLlmJudge(sample: Sample, spec: SpecOf<'llm_judge'>, client: ChatClient, signal?: AbortSignal): Promise<EvaluatorResult> {
  const response = await client.getResponse([new Message({ role: 'user', text: judgePrompt(sample, spec) })], {
    instructions: INSTRUCTIONS,
    temperature: 0,
    ...(spec.model.model ? { model: spec.model.model } : {}),
    ...(signal ? { signal } : {}),
  })
  const judgement = parseJudgement(response.text)
  if (!judgement) return verdict(false, `The judge gave no score: ${JSON.stringify(response.text.slice(0, 200))}`)
  const { min, max } = spec.scale
  if (judgement.score < min || judgement.score > max) return verdict(false, `The judge's score ${judgement.score} is off the scale ${min}–${max}.`)
  const normalised = (judgement.score - min) / (max - min)
  return graded(normalised, spec.passAt ?? 0.5, `${judgement.score}/${max}: ${judgement.reason}`.slice(0, 500))
}
