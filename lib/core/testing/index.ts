export {
  ScriptedChatClient,
  functionCall,
  modelError,
  modelFunctionCalls,
  modelHang,
  modelResponse,
  modelStream,
} from './scripted-chat-client'
export type { RecordedModelCall, ScriptStep, ScriptedReply } from './scripted-chat-client'
