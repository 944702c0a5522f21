/**
 * Entry point: test helpers for code that uses lib/core/mcp — in-memory and spawned MCP servers,
 * fixtures, recording clients, a fault-injecting proxy. For tests and bench only (lint:
 * core-testing-entries-in-tests); not part of the production barrel '@/lib/core'.
 */
export { InMemoryMCPTool, type InMemoryMCPToolOptions, type ConnectableServer } from './in-memory-tool'
export { RecordingChatClient, recordingLogger, textResponse, contentsResponse, type RecordedCall, type ScriptStep } from './recording-chat-client'
export { ScriptedPeer, task, textResult, type PeerAnswer, type PeerRequest, type PeerScript } from './scripted-peer'
export { createRecordingServer, recordingServerState, declaredTool, type RecordedToolCall, type RecordingServerState } from './recording-server'
export { CuttingProxy, type ProxyAction, type ProxyRule, type RecordedMessage } from './cutting-proxy'
export { startHttpFixture, fixturePath, type FixtureName, type HttpFixture } from './fixture-process'
export { startWsMcpServer, type WsMcpServer } from './ws-mcp-server'
