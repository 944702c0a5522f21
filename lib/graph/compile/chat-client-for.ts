/**
 * Which model answers an agent node: OpenAI (or any OpenAI-compatible server) when
 * OPENAI_API_KEY is set, otherwise the offline demo model, unless the node asks for one.
 * Shared by every runner of a document: the app's worker and the `agentloom` command line.
 */
import { DemoChatClient, UserError, createChatClientFromEnv, type ChatClient } from '@/lib/core'
import type { ModelSettings } from '../node-data'

export function chatClientFor(settings: Pick<ModelSettings, 'provider' | 'model'>, env: NodeJS.ProcessEnv = process.env): ChatClient {
  if (settings.provider === 'demo') return new DemoChatClient()
  const withModel = settings.model ? { ...env, OPENAI_MODEL: settings.model } : env
  const client = createChatClientFromEnv(withModel)
  if (client) return client
  if (settings.provider === 'openai') {
    throw new UserError('This agent is set to use OpenAI, but OPENAI_API_KEY is not set where it runs. Set it, or choose the demo model.')
  }
  return new DemoChatClient()
}
