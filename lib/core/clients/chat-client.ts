import type { ChatOptions, ChatResponse, ChatResponseUpdate, Message } from '../types'

export interface ChatRequestOptions extends ChatOptions {
  signal?: AbortSignal
}

/** The protocol every chat client implements. */
export interface ChatClient {
  getResponse(messages: Message[], options?: ChatRequestOptions): Promise<ChatResponse>
  getStreamingResponse(messages: Message[], options?: ChatRequestOptions): AsyncIterable<ChatResponseUpdate>
}
