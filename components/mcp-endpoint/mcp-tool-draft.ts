/** The "Offer as an MCP tool" fields' state, and the PATCH `mcpTool` it amounts to. */
import type { McpToolOffer, McpToolSetting } from '@/lib/contracts/mcp-tools'

/** Offered or not, and the tool name ('' for the default, a slug of the workflow's or agent's name). */
export interface McpToolDraft {
  offered: boolean
  name: string
}

export function mcpToolDraft(saved: McpToolOffer): McpToolDraft {
  return { offered: saved !== null, name: saved?.name ?? '' }
}

/** The PATCH body's `mcpTool` for a draft, or undefined when it changes nothing. */
export function mcpToolChange(saved: McpToolOffer, draft: McpToolDraft): McpToolSetting | undefined {
  const name = draft.name.trim()
  if (!draft.offered) return saved ? { offered: false } : undefined
  if (saved && (name === '' || name === saved.name)) return undefined
  return name === '' ? { offered: true } : { offered: true, name }
}
