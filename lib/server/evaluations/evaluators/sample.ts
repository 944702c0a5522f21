/**
 * What an evaluator scores: one run of one dataset row — the row's input, expected answer and notes, what the run
 * produced, what it cost and which tools it called. Built from a finished run (experiment-samples.ts) or by hand in
 * tests; evaluators read nothing else.
 */
import type { EvaluatorResult } from '@/lib/contracts/evaluators'

export interface SampleMetrics {
  tokens: number
  latencyMs: number
  /** Unknown for models without a price (the demo model). */
  costUsd?: number
}

export interface SampleToolCall {
  name: string
  arguments: unknown
}

export interface Sample {
  input: unknown
  output: unknown
  expected?: unknown
  notes?: string
  metrics: SampleMetrics
  toolCalls: SampleToolCall[]
}

export type { EvaluatorResult }

/** A value as the text evaluators compare: text as it is, anything else as JSON (absent: empty). */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** A pass/fail answer as a result. */
export function verdict(passed: boolean, reason: string): EvaluatorResult {
  return { score: passed ? 1 : 0, passed, reason }
}

/** A graded answer: the score clamped into [0, 1], passing at `passAt`. */
export function graded(score: number, passAt: number, reason: string): EvaluatorResult {
  const clamped = Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0
  return { score: clamped, passed: clamped >= passAt, reason }
}

/** The compared text a spec names, or the row's expected answer; undefined when neither is there. */
export function comparedValue(value: string | undefined, sample: Sample): string | undefined {
  if (value !== undefined) return value
  return sample.expected === undefined || sample.expected === null ? undefined : textOf(sample.expected)
}

/** A short quote of a text for reasons (reasons are stored per row: keep them small). */
export function quote(text: string, max = 80): string {
  return JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text)
}

/** Two JSON values equal in content (key order aside). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a)) {
    const other = b as unknown[]
    return a.length === other.length && a.every((entry, index) => deepEqual(entry, other[index]))
  }
  const left = a as Record<string, unknown>
  const right = b as Record<string, unknown>
  const keys = Object.keys(left).filter((key) => left[key] !== undefined)
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false
  return keys.every((key) => deepEqual(left[key], right[key]))
}

/** Output that may be JSON text: parsed when it parses, else as it is. */
export function jsonValueOf(value: unknown): unknown {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return value
  }
}
