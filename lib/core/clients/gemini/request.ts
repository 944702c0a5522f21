/**
 * Framework messages and options → a `generateContent` request (`contents` and `config`) for the
 * `@google/genai` package. System messages and instructions go to `systemInstruction`; assistant turns
 * are `model` turns with `functionCall` parts; tool results are `functionResponse` parts in a user turn,
 * named after the call they answer (Gemini matches results by name, and by id when it gave one).
 */
import { FunctionCallingConfigMode, type Content as GeminiContent, type GenerateContentConfig, type Part } from '@google/genai'
import { normalizeResponseFormat } from '../../structured-output/response-format'
import type { DataContent, Message, UriContent } from '../../types'
import type { ChatOptions } from '../chat-client'
import { functionToolsOf, normalizeToolChoice, toolParametersSchema } from '../openai/shared-conversion'
import { ToolNameMap } from '../openai/tool-names'

export interface GeminiRequest {
  model: string
  contents: GeminiContent[]
  config: GenerateContentConfig
  toolNames: ToolNameMap
}

/** Thought signatures Gemini attached to function calls, by call id: they must go back with the calls. */
export type ThoughtSignatures = ReadonlyMap<string, string>

export function buildGeminiRequest(messages: Message[], options: ChatOptions, defaultModel: string, signatures: ThoughtSignatures = new Map()): GeminiRequest {
  const tools = functionToolsOf(options)
  const toolNames = new ToolNameMap(tools.map((tool) => tool.name))
  const config: GenerateContentConfig = {}
  const system = [options.instructions, ...messages.filter((message) => message.role === 'system').map((message) => message.text)].filter(
    (part): part is string => typeof part === 'string' && part.length > 0,
  )
  if (system.length > 0) config.systemInstruction = system.join('\n\n')
  if (options.temperature !== undefined) config.temperature = options.temperature
  if (options.topP !== undefined) config.topP = options.topP
  if (options.maxTokens !== undefined) config.maxOutputTokens = options.maxTokens
  if (options.stop !== undefined && options.stop.length > 0) config.stopSequences = options.stop
  if (tools.length > 0) {
    config.tools = [
      {
        functionDeclarations: tools.map((tool) => ({
          name: toolNames.toWire(tool.name),
          description: tool.description,
          parametersJsonSchema: toolParametersSchema(tool),
        })),
      },
    ]
    const choice = normalizeToolChoice(options.toolChoice)
    if (choice) {
      config.toolConfig = {
        functionCallingConfig:
          choice.kind === 'function'
            ? { mode: FunctionCallingConfigMode.ANY, allowedFunctionNames: [toolNames.toWire(choice.name)] }
            : {
                mode:
                  choice.mode === 'required'
                    ? FunctionCallingConfigMode.ANY
                    : choice.mode === 'none'
                      ? FunctionCallingConfigMode.NONE
                      : FunctionCallingConfigMode.AUTO,
              },
      }
    }
  }
  const format = normalizeResponseFormat(options.responseFormat)
  if (format && format.kind !== 'text') {
    config.responseMimeType = 'application/json'
    if (format.kind === 'json_schema') config.responseJsonSchema = format.schema
  }
  Object.assign(config, options.additional ?? {})
  return { model: options.model ?? defaultModel, contents: toGeminiContents(messages, toolNames, signatures), config, toolNames }
}

export function toGeminiContents(messages: Message[], toolNames: ToolNameMap, signatures: ThoughtSignatures = new Map()): GeminiContent[] {
  const callNames = new Map<string, string>()
  const contents: GeminiContent[] = []
  for (const message of messages) {
    if (message.role === 'system') continue
    const role = message.role === 'assistant' ? 'model' : 'user'
    const parts: Part[] = []
    for (const content of message.contents) {
      switch (content.type) {
        case 'text':
          if (content.text.length > 0) parts.push({ text: content.text })
          break
        case 'data':
        case 'uri': {
          const part = role === 'user' ? mediaPart(content) : undefined
          if (part) parts.push(part)
          break
        }
        case 'function_call': {
          const name = toolNames.toWire(content.name)
          callNames.set(content.callId, name)
          const signature = signatures.get(content.callId)
          parts.push({
            functionCall: { id: content.callId, name, args: parsedArguments(content.arguments) },
            ...(signature ? { thoughtSignature: signature } : {}),
          })
          break
        }
        case 'function_result':
          parts.push({
            functionResponse: {
              id: content.callId,
              name: callNames.get(content.callId) ?? '',
              // Gemini wants an object: `output` for a result, `error` for a failure (its documented keys).
              response: content.exception !== undefined ? { error: content.result } : { output: content.result ?? null },
            },
          })
          break
        default:
          break
      }
    }
    if (parts.length === 0) continue
    const last = contents.at(-1)
    if (last && last.role === role) last.parts!.push(...parts)
    else contents.push({ role, parts })
  }
  return contents
}

function parsedArguments(args: string | Record<string, unknown> | undefined): Record<string, unknown> {
  if (args === undefined) return {}
  if (typeof args !== 'string') return args
  try {
    const parsed: unknown = JSON.parse(args || '{}')
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function mediaPart(content: DataContent | UriContent): Part | undefined {
  if (content.type === 'uri') return { fileData: { fileUri: content.uri, mimeType: content.mediaType } }
  return { inlineData: { mimeType: content.mediaType, data: content.uri.slice(content.uri.indexOf(',') + 1) } }
}
