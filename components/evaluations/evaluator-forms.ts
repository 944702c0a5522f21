/**
 * What the experiment form asks for each evaluator kind: a label, a first spec (what a person most often wants),
 * and the fields of its form. One table for every kind, so a new kind in lib/contracts/evaluators.ts fails to
 * compile here until it has a form.
 */
import type { EvaluatorKind, EvaluatorSpecInput } from '@/lib/contracts/evaluators'
import { ModelProviderSchema } from '@/lib/graph/agent-settings'

export type EvaluatorFieldType = 'text' | 'longtext' | 'number' | 'boolean' | 'json' | 'choice'

export interface EvaluatorField {
  /** A dotted path into the spec: `scale.max`, `model.provider`. */
  path: string
  label: string
  type: EvaluatorFieldType
  help?: string
  choices?: readonly string[]
}

export interface EvaluatorForm {
  label: string
  initial: EvaluatorSpecInput
  fields: readonly EvaluatorField[]
}

const name: EvaluatorField = { path: 'name', label: 'Name (optional)', type: 'text' }
const passAt: EvaluatorField = { path: 'passAt', label: 'Pass at score', type: 'number', help: '0–1; empty: the kind’s default.' }
/** A judge's providers: the offline demo model first (what a new judge starts with), then every provider an agent can use. */
export const JUDGE_PROVIDER_CHOICES: readonly string[] = ['demo', ...ModelProviderSchema.options.filter((provider) => provider !== 'demo')]

const valueOrExpected: EvaluatorField = { path: 'value', label: 'Value', type: 'text', help: 'Empty: the row’s expected answer.' }

export const EVALUATOR_FORMS = {
  exact: {
    label: 'Exact match',
    initial: { kind: 'exact' },
    fields: [
      valueOrExpected,
      { path: 'caseSensitive', label: 'Case sensitive', type: 'boolean' },
      { path: 'trim', label: 'Ignore surrounding spaces', type: 'boolean' },
      name,
    ],
  },
  contains: {
    label: 'Contains',
    initial: { kind: 'contains' },
    fields: [
      valueOrExpected,
      { path: 'caseSensitive', label: 'Case sensitive', type: 'boolean' },
      { path: 'match', label: 'Match', type: 'choice', choices: ['all', 'any'] },
      passAt,
      name,
    ],
  },
  starts_with: {
    label: 'Starts with',
    initial: { kind: 'starts_with' },
    fields: [valueOrExpected, { path: 'caseSensitive', label: 'Case sensitive', type: 'boolean' }, name],
  },
  regex: {
    label: 'Regex',
    initial: { kind: 'regex', pattern: '' },
    fields: [
      { path: 'pattern', label: 'Pattern (RE2)', type: 'text' },
      { path: 'flags', label: 'Flags (i, m, s)', type: 'text' },
      { path: 'negate', label: 'Must not match', type: 'boolean' },
      name,
    ],
  },
  json_schema: {
    label: 'JSON Schema',
    initial: { kind: 'json_schema', schema: { type: 'object' } },
    fields: [{ path: 'schema', label: 'Schema (JSON)', type: 'json' }, name],
  },
  json_path_equals: {
    label: 'JSON path equals',
    initial: { kind: 'json_path_equals', path: '$' },
    fields: [
      { path: 'path', label: 'Path', type: 'text', help: '$.order.items[0].sku' },
      { path: 'value', label: 'Value (JSON)', type: 'json', help: 'Empty: the same path in expected.' },
      name,
    ],
  },
  metric_threshold: {
    label: 'Tokens, latency or cost',
    initial: { kind: 'metric_threshold', metric: 'tokens', max: 1000 },
    fields: [
      { path: 'metric', label: 'Metric', type: 'choice', choices: ['tokens', 'latencyMs', 'costUsd'] },
      { path: 'max', label: 'At most', type: 'number' },
      { path: 'min', label: 'At least', type: 'number' },
      name,
    ],
  },
  tool_called: {
    label: 'Tool was called',
    initial: { kind: 'tool_called', tool: '' },
    fields: [
      { path: 'tool', label: 'Tool', type: 'text' },
      { path: 'arguments', label: 'With arguments (JSON)', type: 'json' },
      { path: 'expectCalled', label: 'Expect it called', type: 'boolean' },
      name,
    ],
  },
  cel: {
    label: 'CEL expression',
    initial: { kind: 'cel', expression: '' },
    fields: [{ path: 'expression', label: 'Expression', type: 'longtext', help: 'output.contains("refund") && metrics.tokens < 500' }, passAt, name],
  },
  llm_judge: {
    label: 'LLM judge',
    initial: { kind: 'llm_judge', rubric: '', scale: { min: 1, max: 5 }, model: { provider: 'demo' } },
    fields: [
      { path: 'rubric', label: 'Rubric', type: 'longtext', help: 'What a good answer is, in the judge’s words.' },
      { path: 'scale.min', label: 'Scale from', type: 'number' },
      { path: 'scale.max', label: 'Scale to', type: 'number' },
      { path: 'model.provider', label: 'Model provider', type: 'choice', choices: JUDGE_PROVIDER_CHOICES },
      { path: 'model.model', label: 'Model', type: 'text', help: 'Empty: the provider’s default.' },
      passAt,
      name,
    ],
  },
} satisfies Record<EvaluatorKind, EvaluatorForm>

export const EVALUATOR_KINDS = Object.keys(EVALUATOR_FORMS) as EvaluatorKind[]

/** The value at a dotted path of a spec. */
export function specValue(spec: EvaluatorSpecInput, path: string): unknown {
  return path.split('.').reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined), spec)
}

/** A copy of the spec with the value at a dotted path set (removed when undefined: the contract's default applies). */
export function withSpecValue(spec: EvaluatorSpecInput, path: string, value: unknown): EvaluatorSpecInput {
  const [key, ...rest] = path.split('.')
  const record = { ...(spec as Record<string, unknown>) }
  if (rest.length === 0) {
    if (value === undefined) delete record[key!]
    else record[key!] = value
  } else {
    const inner = typeof record[key!] === 'object' && record[key!] !== null ? record[key!] : {}
    record[key!] = withSpecValue(inner as EvaluatorSpecInput, rest.join('.'), value)
  }
  return record as EvaluatorSpecInput
}
