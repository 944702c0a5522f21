import { describe, expect, it } from 'vitest'
import { modelCosts } from './run-model-costs'

const prices = [
  { model: 'gpt-4o', inputPerMillionUsd: 2, outputPerMillionUsd: 10 },
  { model: 'claude-x', inputPerMillionUsd: 1, outputPerMillionUsd: 5 },
]
const graph = {
  nodes: [
    { id: 'writer', kind: 'agent', data: { model: { provider: 'openai', model: 'gpt-4o' } } },
    { id: 'critic', kind: 'agent', data: { model: { provider: 'anthropic', model: 'claude-x' } } },
  ],
}

describe('a run priced per model that answered', () => {
  it('sums each provider and model, priced by its own row (a dated variant by its base)', () => {
    const rows = modelCosts(
      [
        { executorId: 'writer', modelId: 'gpt-4o-2024-08-06', usage: { inputTokenCount: 1_000_000, outputTokenCount: 0 } },
        { executorId: 'writer', modelId: 'gpt-4o-2024-08-06', usage: { inputTokenCount: 0, outputTokenCount: 100_000 } },
        { executorId: 'critic', modelId: 'claude-x', usage: { inputTokenCount: 2_000_000, outputTokenCount: 0 } },
        { executorId: 'critic', modelId: 'claude-x' },
      ],
      graph,
      null,
      prices,
      {},
    )
    expect(rows).toEqual([
      { provider: 'openai', model: 'gpt-4o-2024-08-06', inputTokens: 1_000_000, outputTokens: 100_000, costUsd: 3 },
      { provider: 'anthropic', model: 'claude-x', inputTokens: 2_000_000, outputTokens: 0, costUsd: 2 },
    ])
  })

  it('prices an answer that names no model by the configured one, and an unpriced or unknown model as null', () => {
    expect(
      modelCosts([{ executorId: 'x', usage: { inputTokenCount: 10 } }], null, 'demo', [{ model: 'demo', inputPerMillionUsd: 0, outputPerMillionUsd: 0 }], {}),
    ).toEqual([{ provider: null, model: 'demo', inputTokens: 10, outputTokens: 0, costUsd: 0 }])
    expect(modelCosts([{ usage: { inputTokenCount: 10 } }], null, null, prices, {})[0]).toMatchObject({ model: 'unknown', costUsd: null })
    expect(modelCosts([{ modelId: 'mystery', usage: { inputTokenCount: 10 } }], null, null, prices, {})[0]).toMatchObject({ costUsd: null })
  })
})
