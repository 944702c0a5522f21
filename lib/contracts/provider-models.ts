/**
 * GET /api/provider-models: the models a model provider offers, from its own list endpoint, for
 * choosing an agent's model. Browser-safe.
 */
import { z } from 'zod'

/** The providers with a list endpoint ('openai' also lists any OpenAI-compatible server at a base URL). */
export const LISTABLE_PROVIDERS = ['openai', 'anthropic', 'gemini', 'ollama'] as const

export const providerModelsQuerySchema = z.object({
  provider: z.enum(LISTABLE_PROVIDERS),
  /** The agent's base URL, if it names one: the server's keys are never sent there. */
  baseUrl: z
    .string()
    .max(2_000)
    .url('Give a full URL, e.g. http://127.0.0.1:11434/v1')
    .refine((url) => /^https?:\/\//i.test(url), 'The URL must start with http:// or https://')
    .optional(),
  /** A workspace credential (issue #32): the list is asked with its key, at its base URL (`baseUrl` is then not given). */
  credentialId: z.string().min(1).max(100).optional(),
})
export type ProviderModelsQuery = z.infer<typeof providerModelsQuerySchema>

/** A provider that cannot be asked (no key, unreachable, an error) is still a 200: `ok` false and why. */
export const providerModelsResultSchema = z.object({
  ok: z.boolean(),
  models: z.array(z.object({ id: z.string(), displayName: z.string().optional() })),
  error: z.string().optional(),
})
export type ProviderModelsResult = z.infer<typeof providerModelsResultSchema>
