/**
 * Which model answers an agent: the demo model, OpenAI's Responses API or Chat Completions API,
 * or any OpenAI-compatible server at a base URL the agent names. 'default' is OpenAI (Responses)
 * when OPENAI_API_KEY is set, otherwise the offline demo model. Shared by every runner of a document: the
 * app's worker and the `agentloom` command line.
 *
 * Keys: a saved agent's own key (sealed at rest) is used when it has one. The server's
 * OPENAI_API_KEY (and its OPENAI_BASE_URL, organisation and project) go only to the server's own
 * endpoint, never to a base URL chosen in an agent's settings: that would hand the server's key to
 * whoever typed the URL.
 *
 * `baseUrlFetch`: what a client for a base URL chosen in an agent's settings connects with (the
 * server passes one that reaches only the addresses its outbound policy allows).
 */
import { DemoChatClient, OpenAIChatClient, OpenAIChatCompletionClient, UserError, type ChatClient, type OpenAIEnv } from '@/lib/core'
import type { ModelSettings } from '../node-data'

/** What a keyless OpenAI-compatible server (Ollama, vLLM, LM Studio…) is sent: the `openai` package needs some key. */
const NO_KEY = 'none'

export function chatClientFor(
  settings: Pick<ModelSettings, 'provider' | 'model'> & Partial<Pick<ModelSettings, 'baseUrl'>>,
  env: OpenAIEnv = process.env,
  secrets: { apiKey?: string } = {},
  baseUrlFetch?: typeof fetch,
): ChatClient {
  if (settings.provider === 'demo') return new DemoChatClient()
  const Client = settings.provider === 'openai_chat' ? OpenAIChatCompletionClient : OpenAIChatClient
  const model = settings.model || env.OPENAI_MODEL?.trim() || undefined
  const baseUrl = settings.provider === 'default' ? undefined : settings.baseUrl || undefined
  if (baseUrl) {
    const isolated: OpenAIEnv = {}
    return new Client({ baseURL: baseUrl, apiKey: secrets.apiKey || NO_KEY, model, env: isolated, ...(baseUrlFetch ? { fetch: baseUrlFetch } : {}) })
  }
  const apiKey = secrets.apiKey || env.OPENAI_API_KEY?.trim()
  if (apiKey) return new Client({ apiKey, model, env })
  if (settings.provider !== 'default') {
    throw new UserError('This agent is set to use OpenAI, but OPENAI_API_KEY is not set where it runs. Set it, or choose the demo model.')
  }
  return new DemoChatClient()
}
