import type { McpServerSummary } from '@/lib/contracts/mcp-servers'
import { McpServerRow, type McpServerAccess } from './McpServerRow'

export interface McpServerListProps {
  servers: readonly McpServerSummary[]
  access: McpServerAccess
  onEdit: (server: McpServerSummary) => void
  onSettings: (server: McpServerSummary) => void
  onDelete: (server: McpServerSummary) => void
  onToggleEnabled: (server: McpServerSummary, enabled: boolean) => void
}

const byName = (a: McpServerSummary, b: McpServerSummary) => a.name.localeCompare(b.name)

/** The servers by name, or what to do when there are none. */
export function McpServerList({ servers, access, onEdit, onSettings, onDelete, onToggleEnabled }: McpServerListProps) {
  if (servers.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-12 text-center text-sm text-zinc-500" data-testid="mcp-server-list">
        No MCP servers yet. Add one, or import a tool-server manifest.
      </div>
    )
  }
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label="MCP servers" data-testid="mcp-server-list">
      {[...servers].sort(byName).map((server) => (
        <McpServerRow
          key={server.id}
          server={server}
          access={access}
          onEdit={() => onEdit(server)}
          onSettings={() => onSettings(server)}
          onDelete={() => onDelete(server)}
          onToggleEnabled={(enabled) => onToggleEnabled(server, enabled)}
        />
      ))}
    </ul>
  )
}
