import { describe, expect, it } from 'vitest'
import { evaluatorSpecSchema } from '@/lib/contracts/evaluators'
import { EVALUATOR_FORMS, JUDGE_PROVIDER_CHOICES, specValue, withSpecValue } from './evaluator-forms'

describe('evaluator forms', () => {
  it('sets and clears nested values', () => {
    const judge = EVALUATOR_FORMS.llm_judge.initial
    const changed = withSpecValue(judge, 'scale.max', 10)
    expect(specValue(changed, 'scale.max')).toBe(10)
    expect(specValue(changed, 'scale.min')).toBe(1)
    expect(specValue(judge, 'scale.max')).toBe(5)
    expect(specValue(withSpecValue(changed, 'name', undefined), 'name')).toBeUndefined()
  })

  it('starts each kind from a spec the contract accepts once its required text is filled', () => {
    const filled = { regex: { pattern: 'x' }, tool_called: { tool: 'add' }, cel: { expression: 'true' }, llm_judge: { rubric: 'Polite.' } } as Record<
      string,
      object
    >
    for (const [kind, form] of Object.entries(EVALUATOR_FORMS)) {
      expect(evaluatorSpecSchema.safeParse({ ...form.initial, ...filled[kind] }).success, kind).toBe(true)
    }
  })

  it('offers a judge every provider the contract accepts, the demo model first', () => {
    const providerField = EVALUATOR_FORMS.llm_judge.fields.find((field) => field.path === 'model.provider')
    expect(providerField?.choices).toEqual(JUDGE_PROVIDER_CHOICES)
    expect(JUDGE_PROVIDER_CHOICES[0]).toBe('demo')
    expect(JUDGE_PROVIDER_CHOICES).toEqual(expect.arrayContaining(['anthropic', 'gemini', 'ollama', 'azure_openai']))
    for (const provider of JUDGE_PROVIDER_CHOICES) {
      const spec = { ...EVALUATOR_FORMS.llm_judge.initial, rubric: 'Polite.', model: { provider } }
      expect(evaluatorSpecSchema.safeParse(spec).success, provider).toBe(true)
    }
  })
})
