export { AGENTLOOM_VERSION, agentloomUserAgent } from './agentloom-version'
export { ChatHistoryArgumentError, ToolingManifestError } from './tooling-errors'
export type { ManifestProblem } from '@/lib/contracts/mcp-servers'
export {
  TOOLING_MANIFEST_FILE_NAME,
  manifestSearchLocations,
  parseToolingManifest,
  readToolingManifest,
  toolServerId,
} from './tooling-manifest'
export type { ParseManifestOptions, ToolServerEntry } from './tooling-manifest'
export { importToolingManifest } from './manifest-import'
export type { ImportManifestOptions, ManifestImportResult } from './manifest-import'
export { PrismaToolServerSource, ToolServerRegistrationService } from './tool-server-registration'
export type { AddToolServersOptions, TokenSource, ToolServerConfig, ToolServerRegistrationOptions, ToolServerSource } from './tool-server-registration'
export {
  THREAT_PROTECTION_CHAT_MESSAGE_PATH,
  sendChatHistoryMessages,
  threatProtectionEndpoint,
  toChatHistoryMessages,
} from './chat-history'
export type { ChatHistoryContext, ChatHistoryMessage, ChatHistoryOptions, OperationError, OperationErrorCode, OperationResult } from './chat-history'
export { RunConversationForwarder, forwardRunConversation } from './conversation-forwarding'
export type { ConversationForwardingDependencies, RunTurn } from './conversation-forwarding'
