/**
 * The HTTP contracts of a workspace's model price table (issue #31, cost in currency): what one million input and
 * output tokens of a model cost, in US dollars, so runs, conversations and experiments show cost beside tokens.
 * A workspace that never saved a table uses the defaults below (list prices of common OpenAI models; the offline
 * demo model is free); one that saved a table uses exactly its rows. Browser-safe.
 */
import { z } from 'zod'
import { safeText } from './safe-text'

export const MAX_MODEL_PRICES = 200
const usdPerMillion = z
  .number({ error: 'A price is a number of US dollars per million tokens.' })
  .min(0, 'A price cannot be negative.')
  .max(100_000, 'A price is at most $100,000 per million tokens.')

export const modelPriceSchema = z.object({
  /** The model id as the provider reports it (`gpt-4o-mini`); dated variants (`gpt-4o-mini-2024-07-18`) use it too. */
  model: safeText().trim().min(1, 'Name the model.').max(200),
  inputPerMillionUsd: usdPerMillion,
  outputPerMillionUsd: usdPerMillion,
})
export type ModelPrice = z.infer<typeof modelPriceSchema>

/** PUT /api/workspaces/:id/model-prices: the whole table (an empty one goes back to the defaults). */
export const modelPricesRequestSchema = z.object({
  prices: z
    .array(modelPriceSchema)
    .max(MAX_MODEL_PRICES, `A price table holds at most ${MAX_MODEL_PRICES} models.`)
    .refine((prices) => new Set(prices.map((price) => price.model)).size === prices.length, 'Each model can be priced once.'),
})
export type ModelPricesRequest = z.infer<typeof modelPricesRequestSchema>

export const modelPricesResponseSchema = z.object({
  workspaceId: z.string(),
  /** `default`: the workspace never saved a table, these are the built-in prices. */
  source: z.enum(['default', 'workspace']),
  prices: z.array(modelPriceSchema),
  updatedAt: z.string().nullable(),
})
export type ModelPricesResponse = z.infer<typeof modelPricesResponseSchema>

/** One model's share of a run: the agent answers it gave (their `agent_response` events name it). */
export const modelCostSchema = z.object({
  /** The agent's provider setting, when the answering node names one (null: a saved agent's or an orchestration's). */
  provider: z.string().nullable(),
  model: z.string(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** Null when the model has no price in the table. */
  costUsd: z.number().nullable(),
})
export type ModelCost = z.infer<typeof modelCostSchema>

/** GET /api/runs/:id/cost: what a run cost, by the price table of its workspace. */
export const runCostResponseSchema = z.object({
  runId: z.string(),
  /** The model its usage is priced by; null when the run's agents use several or it cannot be told. */
  model: z.string().nullable(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  /** Null when the model has no price in the table (or is unknown). */
  costUsd: z.number().nullable(),
  /** Per provider and model, from the models that answered (empty for runs from before answers named their model). */
  byModel: z.array(modelCostSchema).default([]),
})
export type RunCostResponse = z.infer<typeof runCostResponseSchema>

/**
 * List prices (US dollars per million tokens) used until a workspace saves its own table: OpenAI's, Anthropic's and
 * Google's published standard prices (Gemini 2.5 Pro's for prompts up to 200k tokens), as of late 2025. A dated or
 * longer model name is priced by its longest listed prefix (model-cost.ts), so a family's newer member that costs
 * differently is listed on its own (claude-opus-4-5 beside claude-opus-4, gemini-2.5-flash-lite beside
 * gemini-2.5-flash). Local models (Ollama) have no price: their cost is not known.
 */
export const DEFAULT_MODEL_PRICES: readonly ModelPrice[] = [
  { model: 'demo', inputPerMillionUsd: 0, outputPerMillionUsd: 0 },
  { model: 'gpt-5', inputPerMillionUsd: 1.25, outputPerMillionUsd: 10 },
  { model: 'gpt-5-mini', inputPerMillionUsd: 0.25, outputPerMillionUsd: 2 },
  { model: 'gpt-5-nano', inputPerMillionUsd: 0.05, outputPerMillionUsd: 0.4 },
  { model: 'gpt-4.1', inputPerMillionUsd: 2, outputPerMillionUsd: 8 },
  { model: 'gpt-4.1-mini', inputPerMillionUsd: 0.4, outputPerMillionUsd: 1.6 },
  { model: 'gpt-4.1-nano', inputPerMillionUsd: 0.1, outputPerMillionUsd: 0.4 },
  { model: 'gpt-4o', inputPerMillionUsd: 2.5, outputPerMillionUsd: 10 },
  { model: 'gpt-4o-mini', inputPerMillionUsd: 0.15, outputPerMillionUsd: 0.6 },
  { model: 'o3', inputPerMillionUsd: 2, outputPerMillionUsd: 8 },
  { model: 'o4-mini', inputPerMillionUsd: 1.1, outputPerMillionUsd: 4.4 },
  { model: 'claude-opus-4', inputPerMillionUsd: 15, outputPerMillionUsd: 75 },
  { model: 'claude-opus-4-5', inputPerMillionUsd: 5, outputPerMillionUsd: 25 },
  { model: 'claude-sonnet-4', inputPerMillionUsd: 3, outputPerMillionUsd: 15 },
  { model: 'claude-haiku-4-5', inputPerMillionUsd: 1, outputPerMillionUsd: 5 },
  { model: 'claude-3-7-sonnet', inputPerMillionUsd: 3, outputPerMillionUsd: 15 },
  { model: 'claude-3-5-haiku', inputPerMillionUsd: 0.8, outputPerMillionUsd: 4 },
  { model: 'gemini-2.5-pro', inputPerMillionUsd: 1.25, outputPerMillionUsd: 10 },
  { model: 'gemini-2.5-flash', inputPerMillionUsd: 0.3, outputPerMillionUsd: 2.5 },
  { model: 'gemini-2.5-flash-lite', inputPerMillionUsd: 0.1, outputPerMillionUsd: 0.4 },
  { model: 'gemini-2.0-flash', inputPerMillionUsd: 0.1, outputPerMillionUsd: 0.4 },
  { model: 'gemini-2.0-flash-lite', inputPerMillionUsd: 0.075, outputPerMillionUsd: 0.3 },
]
