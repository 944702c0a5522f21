/**
 * Entry point: test helpers for code built on lib/core — ScriptedChatClient (a real ChatClient with
 * scripted answers and recorded calls) and the behaviour every HistoryProvider must show. For tests
 * only (lint: core-testing-entries-in-tests); the contract imports vitest. MCP helpers: '@/lib/core/mcp/testing'.
 */
export { ScriptedChatClient, functionCall, modelError, modelFunctionCalls, modelHang, modelResponse, modelStream } from './scripted-chat-client'
export type { RecordedModelCall, ScriptStep, ScriptedReply } from './scripted-chat-client'
export { historyProviderContract } from '../sessions/history-provider.contract'
export { startInMemoryTracing } from './in-memory-tracing'
export type { InMemoryTracing } from './in-memory-tracing'
export { LoopbackOpenAIServer, startLoopbackOpenAIServer } from '../clients/openai/testing'
export { useLoopbackOpenAIServer } from '../clients/openai/testing/use-loopback-server'
export { ScriptedHttpServer } from '../clients/testing/scripted-http-server'
export type { HttpAnswer, RecordedHttpRequest, ScriptedAnswer } from '../clients/testing/scripted-http-server'
export { anthropicError, anthropicReply } from '../clients/anthropic/testing/anthropic-wire'
export type { AnthropicTurn } from '../clients/anthropic/testing/anthropic-wire'
export { geminiError, geminiReply } from '../clients/gemini/testing/gemini-wire'
export type { GeminiWireTurn } from '../clients/gemini/testing/gemini-wire'
