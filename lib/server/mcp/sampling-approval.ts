/**
 * What a person sees when an MCP server asks for a completion: the raw request params of
 * `sampling/createMessage` reduced to what matters for the decision (no binary data).
 */
type SamplingContent = { type?: string; text?: string; mimeType?: string; name?: string }

function presentContent(content: unknown): Record<string, unknown> {
  const items = Array.isArray(content) ? content : [content]
  const parts = items.map((item: SamplingContent) => {
    if (item?.type === 'text') return { type: 'text', text: String(item.text ?? '') }
    if (item?.type === 'image' || item?.type === 'audio') return { type: item.type, mimeType: item.mimeType }
    return { type: String(item?.type ?? 'unknown') }
  })
  return parts.length === 1 ? parts[0] : { type: 'parts', parts }
}

export function samplingApprovalPayload(params: Record<string, unknown>, serverName: string, maxTokensCap: number): Record<string, unknown> {
  const messages = Array.isArray(params.messages) ? params.messages : []
  const tools = Array.isArray(params.tools) ? params.tools : undefined
  return {
    serverName,
    systemPrompt: typeof params.systemPrompt === 'string' ? params.systemPrompt : undefined,
    messages: messages.map((m: { role?: string; content?: unknown }) => ({ role: m.role, content: presentContent(m.content) })),
    maxTokens: params.maxTokens,
    // The most the person can allow: the server's request, bounded by the client's cap.
    maxTokensCap: typeof params.maxTokens === 'number' ? Math.min(params.maxTokens, maxTokensCap) : maxTokensCap,
    temperature: params.temperature,
    stopSequences: params.stopSequences,
    includeContext: params.includeContext,
    tools: tools?.map((t: { name?: string; description?: string }) => ({ name: t.name, description: t.description })),
  }
}
