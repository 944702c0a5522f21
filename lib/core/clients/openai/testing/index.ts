export { LoopbackOpenAIServer, startLoopbackOpenAIServer } from './loopback-openai-server'
export type {
  OpenAIEndpoint,
  RecordedRequest,
  ScriptedHttpError,
  ScriptedRaw,
  ScriptedReply,
  ScriptedSse,
  ScriptedToolCall,
  ScriptedTurn,
  SseEvent,
} from './scripted-replies'
