/**
 * The HTTP contracts of a workspace's model credentials (issue #32): a provider's API key kept by the workspace under
 * a name, chosen on an agent or an agent node (`model.credentialId`). The key is write-only: views say `hasKey` and,
 * to owners and editors, its last 4 characters. Browser-safe.
 */
import { z } from 'zod'
import { DEFAULT_AZURE_OPENAI_API_VERSION } from '@/lib/graph/agent-settings'
import { baseVersionSchema } from './save-base'
import { safeText } from './safe-text'

/** The providers a credential can be for: those a key is sent to (not 'default', which the server picks, nor 'demo'). */
export const CREDENTIAL_PROVIDERS = ['openai', 'openai_chat', 'azure_openai', 'anthropic', 'gemini', 'ollama'] as const
export const credentialProviderSchema = z.enum(CREDENTIAL_PROVIDERS)
export type CredentialProvider = z.infer<typeof credentialProviderSchema>

export const CREDENTIAL_PROVIDER_LABELS: Record<CredentialProvider, string> = {
  openai: 'OpenAI (Responses API)',
  openai_chat: 'OpenAI-compatible (Chat Completions)',
  azure_openai: 'Azure OpenAI',
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
/** An Azure OpenAI resource's address; the key is sent only there. Plain http is allowed as it is for base URLs (a gateway on the admin's network). */
const azureEndpoint = z
  .string({ error: (issue) => (issue.input === undefined ? 'Give the Azure OpenAI endpoint, e.g. https://my-resource.openai.azure.com/' : undefined) })
  .trim()
  .max(2_000)
  .url('Give the full endpoint URL, e.g. https://my-resource.openai.azure.com/')
  .refine((url) => /^https?:\/\//i.test(url), 'The endpoint must start with https:// (or http://)')
const azureApiVersion = z
  .string()
  .trim()
  .min(1, `Give the API version, e.g. ${DEFAULT_AZURE_OPENAI_API_VERSION}.`)
  .max(100, 'An API version is at most 100 characters.')
  .regex(/^[A-Za-z0-9._-]+$/, `An API version is letters, digits, ".", "_" and "-", e.g. ${DEFAULT_AZURE_OPENAI_API_VERSION}.`)

export const credentialParamsSchema = z.object({ id: z.string().min(1).max(100) })

/** The providers whose credential names an optional base URL; Azure OpenAI's names its resource endpoint and API version instead. */
const BASE_URL_PROVIDERS = CREDENTIAL_PROVIDERS.filter((provider): provider is Exclude<CredentialProvider, 'azure_openai'> => provider !== 'azure_openai')

/**
 * POST /api/workspaces/:id/credentials. `baseUrl`: where the key is sent ('' or absent: the provider's own endpoint).
 * Azure OpenAI: `endpoint` (the resource's URL, required) and `apiVersion` (default DEFAULT_AZURE_OPENAI_API_VERSION);
 * an agent using it names the deployment as its model.
 */
export const createCredentialRequestSchema = z.discriminatedUnion('provider', [
  z.object({ name: credentialName, provider: z.enum(BASE_URL_PROVIDERS), apiKey, baseUrl: z.union([z.literal(''), baseUrl]).optional() }).strict(),
  z
    .object({
      name: credentialName,
      provider: z.literal('azure_openai'),
      apiKey,
      endpoint: azureEndpoint,
      apiVersion: azureApiVersion.default(DEFAULT_AZURE_OPENAI_API_VERSION),
    })
    .strict(),
])
/** What a caller sends (an Azure credential may leave out its API version)… */
export type CreateCredentialRequest = z.input<typeof createCredentialRequestSchema>
/** …and what the service is given, defaults filled. */
export type CreateCredentialData = z.output<typeof createCredentialRequestSchema>

/**
 * PATCH /api/credentials/:id: a new name, key (replaces the kept one) or base URL ('' or null: none); for an Azure OpenAI
 * credential, a new endpoint or API version instead of a base URL.
 */
export const updateCredentialRequestSchema = z
  .object({
    baseVersion: baseVersionSchema.optional(),
    name: credentialName.optional(),
    apiKey: apiKey.optional(),
    baseUrl: z.union([z.literal(''), z.null(), baseUrl]).optional(),
    endpoint: azureEndpoint.optional(),
    apiVersion: azureApiVersion.optional(),
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
  /** Absent for runners and viewers (who see only names and providers); null for Azure OpenAI, which has `endpoint`. */
  baseUrl: z.string().nullable().optional(),
  /** Azure OpenAI only, and absent for runners and viewers: the resource's URL, where the key is sent. */
  endpoint: z.string().optional(),
  /** Azure OpenAI only, and absent for runners and viewers: the API version its requests name. */
  apiVersion: z.string().optional(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type CredentialView = z.infer<typeof credentialViewSchema>

export const credentialListSchema = z.object({ credentials: z.array(credentialViewSchema) })
export type CredentialList = z.infer<typeof credentialListSchema>

export const credentialDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) })
