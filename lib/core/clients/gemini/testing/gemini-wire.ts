/**
 * Replies in the Gemini API's wire format (https://ai.google.dev/api/generate-content) for a
 * ScriptedHttpServer: a `GenerateContentResponse` JSON body for `…:generateContent`, or, for
 * `…:streamGenerateContent?alt=sse`, one SSE `data:` event per chunk (text pieces, then the function
 * calls whole, the last chunk carrying finishReason and the usageMetadata).
 */
import type { HttpAnswer, ScriptedAnswer } from '../../testing/scripted-http-server'

export interface GeminiWireTurn {
  text?: string | string[]
  functionCalls?: Array<{ id?: string; name: string; args: Record<string, unknown>; thoughtSignature?: string }>
  finishReason?: 'STOP' | 'MAX_TOKENS' | 'SAFETY'
  usage?: { promptTokenCount: number; candidatesTokenCount: number; cachedContentTokenCount?: number; thoughtsTokenCount?: number }
}

let sequence = 0

function modelOf(url: string): string {
  return /\/models\/([^:/?]+)/.exec(url)?.[1] ?? 'unknown'
}

function usageMetadata(turn: GeminiWireTurn) {
  const usage = { promptTokenCount: 10, candidatesTokenCount: 5, ...turn.usage }
  return { ...usage, totalTokenCount: usage.promptTokenCount + usage.candidatesTokenCount + (usage.thoughtsTokenCount ?? 0) }
}

function callParts(turn: GeminiWireTurn) {
  return (turn.functionCalls ?? []).map(({ thoughtSignature, ...call }) => ({ functionCall: call, ...(thoughtSignature ? { thoughtSignature } : {}) }))
}

/** Answers JSON or SSE as the request's path asks. */
export function geminiReply(turn: GeminiWireTurn): ScriptedAnswer {
  return (request) => {
    const model = modelOf(request.url)
    const responseId = `resp_${++sequence}`
    if (request.url.includes(':streamGenerateContent')) return geminiEvents(turn, model, responseId)
    const texts = turn.text === undefined ? [] : [{ text: Array.isArray(turn.text) ? turn.text.join('') : turn.text }]
    return {
      json: {
        candidates: [{ content: { role: 'model', parts: [...texts, ...callParts(turn)] }, finishReason: turn.finishReason ?? 'STOP', index: 0 }],
        usageMetadata: usageMetadata(turn),
        modelVersion: model,
        responseId,
      },
    }
  }
}

function geminiEvents(turn: GeminiWireTurn, model: string, responseId: string): HttpAnswer {
  const texts = turn.text === undefined ? [] : Array.isArray(turn.text) ? turn.text : [turn.text]
  const chunks: unknown[] = texts.map((text) => ({
    candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0 }],
    usageMetadata: { promptTokenCount: usageMetadata(turn).promptTokenCount },
    modelVersion: model,
    responseId,
  }))
  chunks.push({
    candidates: [{ content: { role: 'model', parts: callParts(turn) }, finishReason: turn.finishReason ?? 'STOP', index: 0 }],
    usageMetadata: usageMetadata(turn),
    modelVersion: model,
    responseId,
  })
  return { sse: chunks.map((data) => ({ data })) }
}

/** An API error as Google sends it, e.g. (429, 'RESOURCE_EXHAUSTED'). */
export function geminiError(status: number, statusName: string, message: string): ScriptedAnswer {
  return () => ({ status, json: { error: { code: status, message, status: statusName } } })
}
