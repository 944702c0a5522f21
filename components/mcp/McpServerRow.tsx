'use client'

import { Badge, Button } from '@/components/ui'
import { useMcpServerConnectionTest } from '@/components/queries/mcp-servers'
import type { McpServerSummary, McpTransport } from '@/lib/contracts/mcp-servers'
import { testStateOf } from './connection-test'
import { TestResultView } from './TestResultView'

const TRANSPORT_LABEL: Record<McpTransport, string> = {
  stdio: 'stdio',
  http: 'Streamable HTTP',
  websocket: 'WebSocket',
}

/** What the person's role allows: testing the connection (runner), changing the server (editor). */
export interface McpServerAccess {
  canEdit: boolean
  canRun: boolean
}

export interface McpServerRowProps {
  server: McpServerSummary
  access: McpServerAccess
  onEdit: () => void
  onSettings: () => void
  onDelete: () => void
  onToggleEnabled: (enabled: boolean) => void
}

/** One server: what it is and runs, whether agents may use it, the actions the person's role allows, and its last connection test. */
export function McpServerRow({ server, access, onEdit, onSettings, onDelete, onToggleEnabled }: McpServerRowProps) {
  const connectionTest = useMcpServerConnectionTest(server.id)
  const test = testStateOf(connectionTest.latest)
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-4" data-testid={`mcp-server-row-${server.id}`}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate text-sm font-semibold text-zinc-900">{server.name}</h2>
          <p className="font-mono text-[11px] text-zinc-400">{server.id}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1.5">
          <Badge tone="accent" data-testid="mcp-transport">
            {TRANSPORT_LABEL[server.transport] ?? server.transport}
          </Badge>
          {server.loadToolsOnDemand ? (
            <Badge data-testid="mcp-on-demand" title="Agents list this server's tools and load the ones they need.">
              on demand
            </Badge>
          ) : null}
          {server.shareConnection ? (
            <Badge data-testid="mcp-shared" title="Runs share one connection to this server, kept open between them.">
              shared
            </Badge>
          ) : null}
          {access.canEdit ? (
            <label className="flex items-center gap-1 text-xs text-zinc-600">
              <input
                type="checkbox"
                role="switch"
                data-testid={`mcp-enabled-${server.id}`}
                checked={server.enabled}
                onChange={(event) => onToggleEnabled(event.target.checked)}
              />
              {server.enabled ? 'Enabled' : 'Disabled'}
            </label>
          ) : (
            <span className="text-xs text-zinc-600" data-testid={`mcp-enabled-state-${server.id}`}>
              {server.enabled ? 'Enabled' : 'Disabled'}
            </span>
          )}
        </div>
      </div>
      {server.description ? <p className="text-sm text-zinc-600">{server.description}</p> : null}
      <code className="rounded-md bg-zinc-50 px-2 py-1.5 font-mono text-[12px] break-all text-zinc-700 ring-1 ring-zinc-200">{server.summary}</code>
      <div className="flex flex-wrap items-center gap-1.5">
        {access.canRun ? (
          <Button size="sm" data-testid={`mcp-test-${server.id}`} disabled={test?.status === 'running'} onClick={connectionTest.run}>
            Test connection
          </Button>
        ) : null}
        {access.canEdit ? (
          <>
            <Button size="sm" data-testid={`mcp-edit-${server.id}`} onClick={onEdit}>
              Edit
            </Button>
            <Button size="sm" data-testid={`mcp-settings-${server.id}`} onClick={onSettings}>
              Settings
            </Button>
            <Button size="sm" variant="danger" data-testid={`mcp-delete-${server.id}`} onClick={onDelete}>
              Delete
            </Button>
          </>
        ) : null}
      </div>
      {test ? <TestResultView state={test} /> : null}
    </li>
  )
}
