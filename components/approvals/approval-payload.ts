/**
 * Readers that turn an approval's untyped `payload` into what each card variant shows,
 * tolerating missing or odd fields (a payload comes from an MCP server, i.e. from outside).
 */

export interface SamplingMessage {
  role: string
  /** The text of a text message; null for other content. */
  text: string | null
  /** For non-text content: "image (image/png)" and the like. */
  note: string | null
}

export interface SamplingRequest {
  serverName: string
  systemPrompt: string | null
  messages: SamplingMessage[]
  maxTokens: number | null
  maxTokensCap: number | null
  temperature: number | null
  stopSequences: string[]
  tools: { name: string; description: string }[]
}

export interface ToolCallRequest {
  toolName: string
  arguments: unknown
}

export interface ElicitationRequest {
  message: string
  requestedSchema: unknown
}

export function readSamplingRequest(payload: unknown, fallbackServer = 'MCP server'): SamplingRequest {
  const p = record(payload)
  return {
    serverName: str(p.serverName) ?? fallbackServer,
    systemPrompt: typeof p.systemPrompt === 'string' ? p.systemPrompt : null,
    messages: Array.isArray(p.messages) ? p.messages.map(readSamplingMessage) : [],
    maxTokens: positiveInt(p.maxTokens),
    maxTokensCap: positiveInt(p.maxTokensCap),
    temperature: typeof p.temperature === 'number' && Number.isFinite(p.temperature) ? p.temperature : null,
    stopSequences: Array.isArray(p.stopSequences) ? p.stopSequences.filter((s): s is string => typeof s === 'string') : [],
    tools: Array.isArray(p.tools)
      ? p.tools.map(record).flatMap((tool) => (str(tool.name) ? [{ name: tool.name as string, description: str(tool.description) ?? '' }] : []))
      : [],
  }
}

function readSamplingMessage(value: unknown): SamplingMessage {
  const message = record(value)
  const role = str(message.role) ?? 'user'
  // MCP allows one content block or (newer servers) an array of them.
  const blocks = Array.isArray(message.content) ? message.content.map(record) : [record(message.content)]
  const texts = blocks.filter((block) => block.type === 'text' && typeof block.text === 'string').map((block) => block.text as string)
  const others = blocks
    .filter((block) => block.type !== 'text')
    .map((block) => `${str(block.type) ?? 'content'}${str(block.mimeType) ? ` (${block.mimeType as string})` : ''}`)
  return { role, text: texts.length > 0 ? texts.join('\n\n') : null, note: others.length > 0 ? others.join(', ') : null }
}

export function readToolCallRequest(payload: unknown): ToolCallRequest {
  const p = record(payload)
  return { toolName: str(p.toolName) ?? str(p.name) ?? 'tool', arguments: p.arguments ?? {} }
}

/** Who asks, as the run named the asking step when it opened the request (older requests have no such name). */
export function readSourceTitle(payload: unknown): string | undefined {
  return str(record(payload).sourceTitle)
}

/** What the asking node received (the draft a person reviews), as text; undefined when it received nothing. */
export function readHumanInputReceived(payload: unknown): string | undefined {
  const input = record(payload).input
  if (input === undefined || input === null || input === '') return undefined
  return typeof input === 'string' ? input : JSON.stringify(input, null, 2)
}

/** Text too long to show open on a card: it starts collapsed. */
export function isLongText(text: string): boolean {
  return text.length > 400 || text.split('\n').length > 8
}

export function readElicitationRequest(payload: unknown): ElicitationRequest {
  const p = record(payload)
  return { message: str(p.message) ?? '', requestedSchema: p.requestedSchema ?? null }
}

export interface TokenCapBounds {
  /**
   * What the model gets without an edit: the request, limited by the server's cap. A person
   * can only lower it, so this is also the highest value the input accepts.
   */
  max: number
  /** Why `max` is what it is, for the hint under the input. */
  limitedBy: 'request' | 'cap'
}

export function tokenCapBounds(request: SamplingRequest): TokenCapBounds | null {
  const { maxTokens, maxTokensCap } = request
  if (maxTokens === null && maxTokensCap === null) return null
  if (maxTokensCap !== null && (maxTokens === null || maxTokensCap < maxTokens)) return { max: maxTokensCap, limitedBy: 'cap' }
  return { max: maxTokens!, limitedBy: 'request' }
}

export type TokenCapResult = { ok: true; value: number } | { ok: false; error: string }

export function parseTokenCap(text: string, bounds: TokenCapBounds): TokenCapResult {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return { ok: false, error: 'Enter a whole number of tokens.' }
  const value = Number(trimmed)
  if (value < 1) return { ok: false, error: 'At least 1 token.' }
  if (value > bounds.max) return { ok: false, error: `At most ${bounds.max} tokens.` }
  return { ok: true, value }
}

/** The `maxTokens` to send with an approval: only a real lowering, else nothing. */
export function tokenCapToSend(value: number, bounds: TokenCapBounds): number | undefined {
  return value < bounds.max ? value : undefined
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

function positiveInt(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null
}
