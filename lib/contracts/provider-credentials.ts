/**
 * The HTTP contracts of a workspace's model credentials (issue #32): a provider's API key kept by the workspace under
 * a name, chosen on an agent or an agent node (`model.credentialId`). The key is write-only: views say `hasKey` and,
 * to owners and editors, its last 4 characters. Browser-safe.
 */
import { z } from 'zod'
import { baseVersionSchema } from './save-base'
import { safeText } from './safe-text'

/** The providers a credential can be for: those a key is sent to (not 'default', which the server picks, nor 'demo'). */
export const CREDENTIAL_PROVIDERS = ['openai', 'openai_chat', 'anthropic', 'gemini', 'ollama'] as const
export const credentialProviderSchema = z.enum(CREDENTIAL_PROVIDERS)
export type CredentialProvider = z.infer<typeof credentialProviderSchema>

export const CREDENTIAL_PROVIDER_LABELS: Record<CredentialProvider, string> = {
  openai: 'OpenAI (Responses API)',
  openai_chat: 'OpenAI-compatible (Chat Completions)',
  anthropic: 'Anthropic',
  gemini: 'Google Gemini',
  ollama: 'Ollama',
}

const credentialName = safeText().trim().min(1, 'Name the credential.').max(100, 'A name is at most 100 characters.')
const apiKey = z.string().trim().min(1, 'Give the key.').max(4_000, 'A key is at most 4,000 characters.')
const baseUrl = z
  .string()
  .trim()
  .max(2_000)
  .url('Give a full URL, e.g. http://127.0.0.1:11434/v1')
  .refine((url) => /^https?:\/\//i.test(url), 'The URL must start with http:// or https://')

export const credentialParamsSchema = z.object({ id: z.string().min(1).max(100) })

/** POST /api/workspaces/:id/credentials. `baseUrl`: where the key is sent ('' or absent: the provider's own endpoint). */
export const createCredentialRequestSchema = z
  .object({ name: credentialName, provider: credentialProviderSchema, apiKey, baseUrl: z.union([z.literal(''), baseUrl]).optional() })
  .strict()
export type CreateCredentialRequest = z.infer<typeof createCredentialRequestSchema>

/** PATCH /api/credentials/:id: a new name, key (replaces the kept one) or base URL ('' or null: none). */
export const updateCredentialRequestSchema = z
  .object({
    baseVersion: baseVersionSchema.optional(),
    name: credentialName.optional(),
    apiKey: apiKey.optional(),
    baseUrl: z.union([z.literal(''), z.null(), baseUrl]).optional(),
  })
  .strict()
export type UpdateCredentialRequest = z.infer<typeof updateCredentialRequestSchema>

export const credentialViewSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  name: z.string(),
  provider: credentialProviderSchema,
  hasKey: z.boolean(),
  /** The key's last 4 characters; absent for runners and viewers. */
  keyLast4: z.string().optional(),
  /** Absent for runners and viewers (who see only names and providers). */
  baseUrl: z.string().nullable().optional(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type CredentialView = z.infer<typeof credentialViewSchema>

export const credentialListSchema = z.object({ credentials: z.array(credentialViewSchema) })
export type CredentialList = z.infer<typeof credentialListSchema>

export const credentialDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) })
