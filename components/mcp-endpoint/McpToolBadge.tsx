import { Badge } from '@/components/ui/Badge'
import type { McpToolOffer } from '@/lib/contracts/mcp-tools'

export interface McpToolBadgeProps {
  offer: McpToolOffer
  testId: string
}

/** Beside a workflow's or agent's name in its list: the tool it is offered as at /mcp; nothing when it is not offered. */
export function McpToolBadge({ offer, testId }: McpToolBadgeProps) {
  if (!offer) return null
  return (
    <Badge tone="accent" className="ml-2" title={`Offered at /mcp as the tool "${offer.name}"`} data-testid={testId}>
      MCP tool <span className="ml-1 font-mono">{offer.name}</span>
    </Badge>
  )
}
