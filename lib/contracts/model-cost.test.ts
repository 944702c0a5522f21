import { describe, expect, it } from 'vitest'
import { costOf, costOfUsage, priceFor } from './model-cost'
import { DEFAULT_MODEL_PRICES, modelPricesRequestSchema } from './model-prices'

describe('model cost', () => {
  it('prices input and output tokens per million', () => {
    expect(costOfUsage({ inputTokenCount: 1_000_000, outputTokenCount: 500_000 }, { inputPerMillionUsd: 2.5, outputPerMillionUsd: 10 })).toBe(7.5)
    expect(costOfUsage(null, { inputPerMillionUsd: 1, outputPerMillionUsd: 1 })).toBe(0)
  })

  it('prices a total without a split as input, a lower bound', () => {
    expect(costOfUsage({ totalTokenCount: 2_000_000 }, { inputPerMillionUsd: 1, outputPerMillionUsd: 4 })).toBe(2)
  })

  it('prices dated variants by the longest priced prefix', () => {
    expect(priceFor('gpt-4o-mini-2024-07-18', DEFAULT_MODEL_PRICES)?.model).toBe('gpt-4o-mini')
    expect(priceFor('gpt-4o-2024-08-06', DEFAULT_MODEL_PRICES)?.model).toBe('gpt-4o')
    expect(priceFor('gpt-4omni', DEFAULT_MODEL_PRICES)).toBeUndefined()
  })

  it('prices the native providers’ models out of the box, a family’s differently priced member by its own row', () => {
    expect(priceFor('claude-sonnet-4-5-20250929', DEFAULT_MODEL_PRICES)?.model).toBe('claude-sonnet-4')
    expect(priceFor('claude-opus-4-1-20250805', DEFAULT_MODEL_PRICES)?.model).toBe('claude-opus-4')
    expect(priceFor('claude-opus-4-5-20251101', DEFAULT_MODEL_PRICES)?.model).toBe('claude-opus-4-5')
    expect(priceFor('claude-3-5-haiku-latest', DEFAULT_MODEL_PRICES)?.model).toBe('claude-3-5-haiku')
    expect(priceFor('gemini-2.5-flash-lite', DEFAULT_MODEL_PRICES)?.model).toBe('gemini-2.5-flash-lite')
    expect(priceFor('gemini-2.5-flash-preview-09-2025', DEFAULT_MODEL_PRICES)?.model).toBe('gemini-2.5-flash')
    expect(costOf({ inputTokenCount: 1_000_000, outputTokenCount: 1_000_000 }, 'claude-haiku-4-5', DEFAULT_MODEL_PRICES)).toBe(6)
  })

  it('says nothing for an unpriced or unknown model, and nothing is charged for the demo model', () => {
    expect(costOf({ inputTokenCount: 10 }, 'llama3', DEFAULT_MODEL_PRICES)).toBeNull()
    expect(costOf({ inputTokenCount: 10 }, null, DEFAULT_MODEL_PRICES)).toBeNull()
    expect(costOf({ inputTokenCount: 10, outputTokenCount: 10 }, 'demo', DEFAULT_MODEL_PRICES)).toBe(0)
  })

  it('refuses a table pricing a model twice or a negative price', () => {
    const price = { model: 'a', inputPerMillionUsd: 1, outputPerMillionUsd: 1 }
    expect(modelPricesRequestSchema.safeParse({ prices: [price, price] }).success).toBe(false)
    expect(modelPricesRequestSchema.safeParse({ prices: [{ ...price, inputPerMillionUsd: -1 }] }).success).toBe(false)
    expect(modelPricesRequestSchema.safeParse({ prices: DEFAULT_MODEL_PRICES }).success).toBe(true)
  })
})
