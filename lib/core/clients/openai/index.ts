export { OpenAIChatClient } from './openai-chat-client'
export { OpenAIChatCompletionClient } from './openai-chat-completion-client'
export { createChatClientFromEnv } from './create-from-env'
export { DEFAULT_OPENAI_MODEL } from './connection'

export type { OpenAIChatClientOptions } from './openai-chat-client'
export type { OpenAIChatCompletionClientOptions } from './openai-chat-completion-client'
export type { AzureOpenAIOptions, OpenAIEnv, OpenAIClientOptions } from './connection'
export type { MaxTokensParameter } from './chat-completions/request'
