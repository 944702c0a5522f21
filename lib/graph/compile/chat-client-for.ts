/**
 * Which model answers an agent: the demo model, OpenAI's Responses API or Chat Completions API, any
 * OpenAI-compatible server at a base URL the agent names, Anthropic's Messages API, Google Gemini, or an
 * Ollama server (through its OpenAI-compatible Chat Completions API), or an Azure OpenAI resource (its Chat Completions
 * API: generally available API versions have it, the Responses API only previews). 'default' is OpenAI (Responses)
 * when OPENAI_API_KEY is set, otherwise the offline demo model. Shared by every runner of a document:
 * the app's worker and the `agentloom` command line.
 *
 * Keys: a saved agent's own key (sealed at rest) is used when it has one; otherwise the server's key
 * for that provider (OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY or GOOGLE_API_KEY; Azure OpenAI: the
 * server's AZURE_OPENAI_ENDPOINT with AZURE_OPENAI_API_KEY). A workspace credential's base URL arrives as
 * `settings.baseUrl` (an Azure credential's endpoint too) and its key and API version in `access`. The server's
 * keys (and its own base URLs, organisation and project) go only to the provider's own endpoint, never
 * to a base URL chosen in an agent's settings: that would hand the server's key to whoever typed the URL.
 *
 * `baseUrlFetch`: what a client for a base URL chosen in an agent's settings connects with (the
 * server passes one that reaches only the addresses its outbound policy allows). Ollama without a base
 * URL in the settings goes to the server's OLLAMA_BASE_URL (the admin's choice) or else to
 * `http://localhost:11434/v1` — which, not being the admin's choice, is reached through `baseUrlFetch` too.
 */
import {
  AnthropicChatClient,
  DEFAULT_OLLAMA_BASE_URL,
  DemoChatClient,
  GeminiChatClient,
  OpenAIChatClient,
  OpenAIChatCompletionClient,
  UserError,
  type ChatClient,
  type OpenAIEnv,
} from '@/lib/core'
import { DEFAULT_AZURE_OPENAI_API_VERSION, type ModelSettings } from '../node-data'

/** What a keyless server (Ollama, vLLM, LM Studio, a proxy…) is sent: the SDKs need some key. */
const NO_KEY = 'none'

type Settings = Pick<ModelSettings, 'provider' | 'model'> & Partial<Pick<ModelSettings, 'baseUrl'>>

/** What the agent's key (its credential's, or a saved agent's own) brings: the key, and for Azure OpenAI the API version. */
export interface ModelAccess {
  apiKey?: string
  apiVersion?: string
}

export function chatClientFor(settings: Settings, env: OpenAIEnv = process.env, access: ModelAccess = {}, baseUrlFetch?: typeof fetch): ChatClient {
  const baseUrl = settings.provider === 'default' ? undefined : settings.baseUrl || undefined
  const chosenFetch = baseUrlFetch ? { fetch: baseUrlFetch } : {}
  switch (settings.provider) {
    case 'demo':
      return new DemoChatClient()
    case 'anthropic': {
      const model = settings.model || trimmed(env.ANTHROPIC_MODEL)
      if (baseUrl) return new AnthropicChatClient({ baseURL: baseUrl, apiKey: access.apiKey || NO_KEY, model, env: {}, ...chosenFetch })
      const apiKey = access.apiKey || trimmed(env.ANTHROPIC_API_KEY)
      if (!apiKey) throw missingKey('Anthropic', 'ANTHROPIC_API_KEY')
      return new AnthropicChatClient({ apiKey, model, env: { ANTHROPIC_BASE_URL: env.ANTHROPIC_BASE_URL } })
    }
    case 'gemini': {
      const model = settings.model || trimmed(env.GEMINI_MODEL)
      if (baseUrl) return new GeminiChatClient({ baseURL: baseUrl, apiKey: access.apiKey || NO_KEY, model, env: {}, ...chosenFetch })
      const apiKey = access.apiKey || trimmed(env.GEMINI_API_KEY) || trimmed(env.GOOGLE_API_KEY)
      if (!apiKey) throw missingKey('Google Gemini', 'GEMINI_API_KEY (or GOOGLE_API_KEY)')
      return new GeminiChatClient({ apiKey, model, env: { GEMINI_BASE_URL: env.GEMINI_BASE_URL } })
    }
    case 'ollama': {
      const model = settings.model || trimmed(env.OLLAMA_MODEL)
      if (!model) throw new UserError('This agent is set to use Ollama but names no model: choose one (e.g. llama3.2), or set OLLAMA_MODEL where it runs.')
      const serverUrl = trimmed(env.OLLAMA_BASE_URL)
      const target = baseUrl ?? serverUrl ?? DEFAULT_OLLAMA_BASE_URL
      // Only the admin's own OLLAMA_BASE_URL is reached without the outbound policy.
      const connect = baseUrl || !serverUrl ? chosenFetch : {}
      return new OpenAIChatCompletionClient({
        baseURL: target,
        apiKey: access.apiKey || NO_KEY,
        model,
        env: {},
        maxTokensParameter: 'max_tokens',
        providerName: 'ollama',
        ...connect,
      })
    }
    case 'azure_openai': {
      const deployment = settings.model || trimmed(env.AZURE_OPENAI_DEPLOYMENT_NAME)
      if (!deployment)
        throw new UserError(
          'This agent is set to use Azure OpenAI but names no deployment: give the deployment name as its model, or set AZURE_OPENAI_DEPLOYMENT_NAME where it runs.',
        )
      if (baseUrl) {
        const apiVersion = access.apiVersion || DEFAULT_AZURE_OPENAI_API_VERSION
        return azureClient({ endpoint: baseUrl, apiKey: access.apiKey || NO_KEY, apiVersion }, deployment, chosenFetch)
      }
      // The server's own resource, the admin's choice: reached without the outbound policy, like OLLAMA_BASE_URL.
      const endpoint = trimmed(env.AZURE_OPENAI_ENDPOINT)
      const apiKey = access.apiKey || trimmed(env.AZURE_OPENAI_API_KEY)
      if (!endpoint || !apiKey)
        throw new UserError(
          'This agent is set to use Azure OpenAI but has no Azure OpenAI credential, and AZURE_OPENAI_ENDPOINT and AZURE_OPENAI_API_KEY are not both set where it runs. Choose an Azure OpenAI credential (Workspace → Model credentials), or another provider.',
        )
      const apiVersion = trimmed(env.AZURE_OPENAI_API_VERSION) || DEFAULT_AZURE_OPENAI_API_VERSION
      return azureClient({ endpoint, apiKey, apiVersion }, deployment, {})
    }
    default: {
      const Client = settings.provider === 'openai_chat' ? OpenAIChatCompletionClient : OpenAIChatClient
      const model = settings.model || trimmed(env.OPENAI_MODEL)
      if (baseUrl) return new Client({ baseURL: baseUrl, apiKey: access.apiKey || NO_KEY, model, env: {}, ...chosenFetch })
      const apiKey = access.apiKey || trimmed(env.OPENAI_API_KEY)
      if (apiKey) return new Client({ apiKey, model, env })
      if (settings.provider !== 'default') throw missingKey('OpenAI', 'OPENAI_API_KEY')
      return new DemoChatClient()
    }
  }
}

/** `env: {}`: every setting is given, so the package reads nothing of the process environment behind them. */
function azureClient(azure: { endpoint: string; apiKey: string; apiVersion: string }, deployment: string, connect: { fetch?: typeof fetch }): ChatClient {
  return new OpenAIChatCompletionClient({ azure: { ...azure, deployment }, model: deployment, env: {}, providerName: 'azure.ai.openai', ...connect })
}

function missingKey(provider: string, variable: string): UserError {
  return new UserError(
    `This agent is set to use ${provider}, but ${variable} is not set where it runs. Set it, give the agent its own key, or choose the demo model.`,
  )
}

function trimmed(value: string | undefined): string | undefined {
  const text = value?.trim()
  return text ? text : undefined
}
