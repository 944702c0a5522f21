'use client'

import { useMcpServersQuery } from '@/components/queries/mcp-servers'
import type { McpServerSummary } from '@/lib/contracts/mcp-servers'
import { useEditorAccess } from '../EditorWorkspaceProvider'
import { ChecklistField } from './ChecklistField'
import type { ChecklistItem } from './checklist-values'

const MCP_MESSAGES = { loading: 'Loading servers…', failed: 'Could not load MCP servers', empty: 'No MCP servers are registered.', unknown: '(not registered)' }

function serverItem(server: McpServerSummary): ChecklistItem {
  return { value: server.id, name: server.name, detail: `${server.id} · ${server.transport}${server.description ? ` · ${server.description}` : ''}` }
}

/** An agent's MCP servers, picked from those of the workflow's workspace (what its runs may connect), whichever the header shows. */
export function McpServersField({ label, testId, value, onChange }: { label: string; testId: string; value: string[]; onChange: (ids: string[]) => void }) {
  const servers = useMcpServersQuery(useEditorAccess().workspaceId ?? undefined)
  return (
    <ChecklistField
      label={label}
      testId={testId}
      value={value}
      onChange={onChange}
      items={servers.data?.servers.map(serverItem)}
      loading={servers.isPending}
      loadError={servers.error}
      messages={MCP_MESSAGES}
    />
  )
}
