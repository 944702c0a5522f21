/**
 * Evaluator specs (issue #31): what an experiment scores each run's output with. Browser-safe: the experiment
 * request carries them, the CLI reads them from a JSON file, and lib/server/evaluations/evaluators runs them.
 * Here only their shape and bounds; whether a regex, a CEL expression or a JSON Schema compiles is checked by the
 * evaluator itself before an experiment starts (400 `invalid_evaluator`).
 */
import { z } from 'zod'
import { ModelProviderSchema } from '@/lib/graph/agent-settings'
import { atMostKeys } from './bounded'
import { safeJson, safeText } from './safe-text'

/** The longest regex an evaluator may hold: RE2 matches in linear time, and this bounds the compiled program too. */
export const MAX_REGEX_LENGTH = 500
const MAX_TEXT = 10_000

/** A label for the evaluator in results and comparisons (default: its kind, numbered when repeated). */
const name = safeText().trim().min(1).max(100).optional()
/** The normalised score at or above which the row passes (default per kind: 1 for yes/no checks, 0.5 for graded ones). */
const passAt = z.number().min(0).max(1).optional()
const comparedText = safeText().max(MAX_TEXT)
/** The value compared against; absent: the row's `expected`. */
const valueOrExpected = comparedText.optional()

export const exactEvaluatorSchema = z.object({
  kind: z.literal('exact'),
  name,
  value: valueOrExpected,
  caseSensitive: z.boolean().default(true),
  /** Surrounding whitespace does not count (default). */
  trim: z.boolean().default(true),
})

export const containsEvaluatorSchema = z.object({
  kind: z.literal('contains'),
  name,
  /** One text or several; absent: the row's `expected`. */
  value: z.union([comparedText, z.array(comparedText).min(1).max(50)]).optional(),
  caseSensitive: z.boolean().default(false),
  /** `all` (default): every text must appear; `any`: one is enough. Graded: the share found is the score. */
  match: z.enum(['all', 'any']).default('all'),
  passAt,
})

export const startsWithEvaluatorSchema = z.object({
  kind: z.literal('starts_with'),
  name,
  value: valueOrExpected,
  caseSensitive: z.boolean().default(true),
})

export const regexEvaluatorSchema = z.object({
  kind: z.literal('regex'),
  name,
  /** RE2 syntax (no backreferences or lookaround): matching takes linear time whatever the pattern. */
  pattern: safeText().min(1).max(MAX_REGEX_LENGTH, `A pattern can be at most ${MAX_REGEX_LENGTH} characters.`),
  flags: z
    .string()
    .regex(/^[ims]{0,3}$/, 'Flags are some of i, m, s.')
    .default(''),
  /** The output must not match (a forbidden phrase). */
  negate: z.boolean().default(false),
})

export const jsonSchemaEvaluatorSchema = z.object({
  kind: z.literal('json_schema'),
  name,
  /** A JSON Schema (draft 2020-12 or 7) the output — parsed as JSON when it is text — must satisfy. */
  schema: safeJson(atMostKeys(z.record(z.string(), z.unknown()))),
})

export const jsonPathEqualsEvaluatorSchema = z.object({
  kind: z.literal('json_path_equals'),
  name,
  /** `$`, then `.key`, `["key"]` or `[index]` steps: `$.order.items[0].sku`. */
  path: safeText().min(1).max(500).regex(/^\$/, 'A path starts with $.'),
  /** The value it must equal (deeply); absent: the value at the same path in the row's `expected`. */
  value: safeJson(z.unknown()).optional(),
})

export const METRICS = ['tokens', 'latencyMs', 'costUsd'] as const
export const metricThresholdEvaluatorSchema = z
  .object({
    kind: z.literal('metric_threshold'),
    name,
    metric: z.enum(METRICS),
    /** Passes when the metric is at most `max` (and at least `min`). */
    max: z.number().min(0).optional(),
    min: z.number().min(0).optional(),
  })
  .refine((spec) => spec.max !== undefined || spec.min !== undefined, 'Give max, min or both.')

export const toolCalledEvaluatorSchema = z.object({
  kind: z.literal('tool_called'),
  name,
  tool: safeText().min(1).max(200),
  /** Arguments the call must have (each named one deeply equal; others may be there too). */
  arguments: safeJson(atMostKeys(z.record(z.string(), z.unknown()), 50)).optional(),
  /** `false`: passes when the tool was NOT called. */
  expectCalled: z.boolean().default(true),
})

export const celEvaluatorSchema = z.object({
  kind: z.literal('cel'),
  name,
  /**
   * A CEL expression over `input`, `output`, `expected`, `notes`, `metrics` and `toolCalls`: a bool (pass/fail)
   * or a number in [0, 1] (a score). `output.contains("refund") && metrics.tokens < 500`.
   */
  expression: safeText().min(1).max(2_000),
  passAt,
})

export const judgeModelSchema = z.object({
  /**
   * Any provider an agent can use, with the server's own keys and endpoints for it (a judge names no credential):
   * `demo` answers offline; `default` is the server's OpenAI model (or the demo model without a key).
   */
  provider: ModelProviderSchema.default('default'),
  model: safeText().max(200).optional(),
})

export const llmJudgeEvaluatorSchema = z
  .object({
    kind: z.literal('llm_judge'),
    name,
    /** What a good answer is, in the judge's words. */
    rubric: safeText().trim().min(1).max(MAX_TEXT),
    scale: z.object({ min: z.number().int().min(0).max(99), max: z.number().int().min(1).max(100) }).default({ min: 1, max: 5 }),
    model: judgeModelSchema.default({ provider: 'default' }),
    passAt,
  })
  .refine((spec) => spec.scale.max > spec.scale.min, { message: 'The scale needs max above min.', path: ['scale'] })

export const evaluatorSpecSchema = z.discriminatedUnion('kind', [
  exactEvaluatorSchema,
  containsEvaluatorSchema,
  startsWithEvaluatorSchema,
  regexEvaluatorSchema,
  jsonSchemaEvaluatorSchema,
  jsonPathEqualsEvaluatorSchema,
  metricThresholdEvaluatorSchema,
  toolCalledEvaluatorSchema,
  celEvaluatorSchema,
  llmJudgeEvaluatorSchema,
])
export type EvaluatorSpec = z.output<typeof evaluatorSpecSchema>
export type EvaluatorSpecInput = z.input<typeof evaluatorSpecSchema>
export type EvaluatorKind = EvaluatorSpec['kind']
export type SpecOf<K extends EvaluatorKind> = Extract<EvaluatorSpec, { kind: K }>

/** What an evaluator answers for one sample: a score normalised to [0, 1], whether it passed, and why. */
export const evaluatorResultSchema = z.object({ score: z.number().min(0).max(1), passed: z.boolean(), reason: z.string() })
export type EvaluatorResult = z.infer<typeof evaluatorResultSchema>
