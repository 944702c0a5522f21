export { AnthropicChatClient } from './anthropic-chat-client'
export { DEFAULT_ANTHROPIC_MODEL, DEFAULT_ANTHROPIC_MAX_TOKENS } from './connection'

export type { AnthropicChatClientOptions } from './anthropic-chat-client'
export type { AnthropicClientOptions, AnthropicEnv } from './connection'
