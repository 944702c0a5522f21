export { GeminiChatClient } from './gemini-chat-client'
export { DEFAULT_GEMINI_MODEL } from './connection'

export type { GeminiChatClientOptions } from './gemini-chat-client'
export type { GeminiClientOptions, GeminiEnv } from './connection'
