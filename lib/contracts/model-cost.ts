/**
 * Cost in currency from token usage and a price table (lib/contracts/model-prices.ts). Pure and browser-safe: the
 * server prices runs and experiment rows with it, and a page may price what it shows.
 */
import type { ModelPrice } from './model-prices'

export interface UsageCounts {
  inputTokenCount?: number
  outputTokenCount?: number
  totalTokenCount?: number
}

/**
 * A model's price: its own row, else the longest priced name it starts with followed by `-` (a dated variant such as
 * `gpt-4o-mini-2024-07-18` is priced as `gpt-4o-mini`, not as `gpt-4o`); undefined when none fits.
 */
export function priceFor(model: string, prices: readonly ModelPrice[]): ModelPrice | undefined {
  const exact = prices.find((price) => price.model === model)
  if (exact) return exact
  return prices.filter((price) => model.startsWith(`${price.model}-`)).sort((a, b) => b.model.length - a.model.length)[0]
}

/**
 * The cost of usage at a price, in US dollars. A usage with only a total (some servers report no split) is priced
 * as input, the cheaper side: a lower bound rather than a guess.
 */
export function costOfUsage(usage: UsageCounts | null | undefined, price: Pick<ModelPrice, 'inputPerMillionUsd' | 'outputPerMillionUsd'>): number {
  if (!usage) return 0
  const input = usage.inputTokenCount ?? (usage.outputTokenCount === undefined ? (usage.totalTokenCount ?? 0) : 0)
  const output = usage.outputTokenCount ?? 0
  return (input * price.inputPerMillionUsd + output * price.outputPerMillionUsd) / 1_000_000
}

/** The cost of usage by a model under a table; null when the model has no price there. */
export function costOf(usage: UsageCounts | null | undefined, model: string | null, prices: readonly ModelPrice[]): number | null {
  if (model === null) return null
  const price = priceFor(model, prices)
  return price ? costOfUsage(usage, price) : null
}
