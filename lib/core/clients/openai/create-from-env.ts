/** Picks a real model when one is configured; the caller falls back to the offline demo client otherwise. */
import { DEFAULT_OPENAI_MODEL, type OpenAIEnv } from './connection'
import { OpenAIChatClient, type OpenAIChatClientOptions } from './openai-chat-client'

/**
 * An OpenAIChatClient when `OPENAI_API_KEY` is set (honouring `OPENAI_BASE_URL` and `OPENAI_MODEL`,
 * default model `gpt-4o-mini`), otherwise `undefined`.
 */
export function createChatClientFromEnv(
  env: OpenAIEnv = process.env,
  options: Omit<OpenAIChatClientOptions, 'env' | 'apiKey' | 'baseURL' | 'model'> = {},
): OpenAIChatClient | undefined {
  const apiKey = env.OPENAI_API_KEY?.trim()
  if (!apiKey) return undefined
  return new OpenAIChatClient({
    ...options,
    env,
    apiKey,
    model: env.OPENAI_MODEL?.trim() || DEFAULT_OPENAI_MODEL,
  })
}
