/**
 * The models a provider offers, from its own list endpoint, for a person choosing one: OpenAI (and any
 * OpenAI-compatible server) `GET /v1/models`, Anthropic `GET /v1/models`, Gemini `GET /v1beta/models`
 * (through their SDKs, paging included), Ollama `GET /api/tags` (its native list of local models).
 */
import { connectAnthropic } from './anthropic/connection'
import { toAnthropicClientError } from './anthropic/error-mapping'
import { connectGemini } from './gemini/connection'
import { toGeminiClientError } from './gemini/error-mapping'
import { connectOpenAI } from './openai/connection'
import { toChatClientError } from './openai/error-mapping'
import { ChatClientException, ChatClientResponseException } from '../errors'

export type ModelListProvider = 'openai' | 'anthropic' | 'gemini' | 'ollama'

export interface ProviderModel {
  /** What goes in the model setting. */
  id: string
  displayName?: string
}

export interface ListModelsOptions {
  provider: ModelListProvider
  apiKey?: string
  /** The provider's base URL as its chat client takes it (Ollama: `http://localhost:11434/v1`, its default). */
  baseURL?: string
  /** What requests are sent with, e.g. a fetch that reaches only the addresses an outbound policy allows. */
  fetch?: typeof fetch
  /** Where key fallbacks are read from (default `process.env`). */
  env?: Record<string, string | undefined>
  signal?: AbortSignal
  /** At most this many models (default 1 000): a list is for choosing, not for paging through everything. */
  limit?: number
}

export const DEFAULT_OLLAMA_BASE_URL = 'http://localhost:11434/v1'

export async function listProviderModels(options: ListModelsOptions): Promise<ProviderModel[]> {
  const limit = options.limit ?? 1_000
  const connection = { apiKey: options.apiKey, baseURL: options.baseURL, env: options.env, ...(options.fetch ? { fetch: options.fetch } : {}) }
  switch (options.provider) {
    case 'ollama':
      return listOllamaModels(options.baseURL ?? DEFAULT_OLLAMA_BASE_URL, options.fetch ?? fetch, options.signal, limit)
    case 'anthropic': {
      const { sdk } = connectAnthropic(connection)
      try {
        const models: ProviderModel[] = []
        for await (const model of sdk.models.list({}, { signal: options.signal })) {
          models.push({ id: model.id, displayName: model.display_name })
          if (models.length >= limit) break
        }
        return models
      } catch (error) {
        throw toAnthropicClientError(error, 'Anthropic model list', options.signal)
      }
    }
    case 'gemini': {
      const { sdk } = connectGemini({ ...connection, maxAttempts: 1 })
      try {
        const models: ProviderModel[] = []
        const pager = await sdk.models.list({ config: { abortSignal: options.signal } })
        for await (const model of pager) {
          // Only models that can answer a chat (not embedding or image models).
          if (model.supportedActions && !model.supportedActions.includes('generateContent')) continue
          models.push({ id: (model.name ?? '').replace(/^models\//, ''), displayName: model.displayName })
          if (models.length >= limit) break
        }
        return models
      } catch (error) {
        throw toGeminiClientError(error, 'Gemini model list', options.signal)
      }
    }
    case 'openai': {
      const { sdk } = connectOpenAI(connection)
      try {
        const models: ProviderModel[] = []
        for await (const model of sdk.models.list({ signal: options.signal })) {
          models.push({ id: model.id })
          if (models.length >= limit) break
        }
        return models
      } catch (error) {
        throw toChatClientError(error, 'OpenAI model list', options.signal)
      }
    }
  }
}

/** Ollama's list is at the server's root (`/api/tags`), beside the OpenAI-compatible API under `/v1`. */
async function listOllamaModels(baseURL: string, send: typeof fetch, signal: AbortSignal | undefined, limit: number): Promise<ProviderModel[]> {
  const root = baseURL.replace(/\/+$/, '').replace(/\/v1$/, '')
  let response: Response
  try {
    response = await send(`${root}/api/tags`, { signal })
  } catch (error) {
    throw toChatClientError(error, 'Ollama model list', signal)
  }
  if (!response.ok) {
    throw new ChatClientResponseException(`Ollama model list failed: ${response.status} ${await response.text().catch(() => '')}`.trim(), {
      status: response.status,
    })
  }
  const body = (await response.json().catch(() => undefined)) as { models?: Array<{ name?: unknown; model?: unknown }> } | undefined
  if (!body || !Array.isArray(body.models)) throw new ChatClientException('Ollama model list failed: the answer has no `models` list.')
  return body.models
    .map((model) => (typeof model.model === 'string' ? model.model : typeof model.name === 'string' ? model.name : undefined))
    .filter((id): id is string => id !== undefined)
    .slice(0, limit)
    .map((id) => ({ id }))
}
