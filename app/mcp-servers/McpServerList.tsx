'use client'

import { useEffect, useState } from 'react'
import { Badge, Button } from '@/components/ui'
import { errorMessage, fetchJson } from '@/components/runs/api-client'

export interface McpServerSummary {
  id: string
  name: string
  description: string
  transport: 'stdio' | 'http' | 'websocket'
  enabled: boolean
  /** What it runs or where it connects, without secrets: "node examples/…mjs", "https://…". */
  summary: string
}

const TRANSPORT_LABEL: Record<McpServerSummary['transport'], string> = {
  stdio: 'stdio',
  http: 'Streamable HTTP',
  websocket: 'WebSocket',
}

/** The configured MCP servers, as cards. */
export function McpServerList() {
  const [servers, setServers] = useState<McpServerSummary[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    let cancelled = false
    fetchJson<{ servers: McpServerSummary[] }>('/api/mcp-servers')
      .then(({ servers: list }) => {
        if (cancelled) return
        setServers([...list].sort((a, b) => a.name.localeCompare(b.name)))
        setError(null)
      })
      .catch((cause) => !cancelled && setError(errorMessage(cause)))
    return () => {
      cancelled = true
    }
  }, [attempt])

  if (error) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        Could not load MCP servers: {error}
        <Button size="sm" className="ml-3" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </Button>
      </div>
    )
  }
  if (servers === null) return <p className="text-sm text-zinc-500">Loading servers…</p>
  if (servers.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-12 text-center text-sm text-zinc-500">
        No MCP servers are configured.
      </div>
    )
  }
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label="MCP servers" data-testid="mcp-server-list">
      {servers.map((server) => (
        <li
          key={server.id}
          className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-4"
          data-testid={`mcp-server-${server.id}`}
        >
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 className="truncate text-sm font-semibold text-zinc-900">{server.name}</h2>
              <p className="font-mono text-[11px] text-zinc-400">{server.id}</p>
            </div>
            <div className="flex shrink-0 items-center gap-1.5">
              <Badge tone="accent">{TRANSPORT_LABEL[server.transport] ?? server.transport}</Badge>
              <Badge tone={server.enabled ? 'success' : 'neutral'}>{server.enabled ? 'Enabled' : 'Disabled'}</Badge>
            </div>
          </div>
          {server.description ? <p className="text-sm text-zinc-600">{server.description}</p> : null}
          <code className="rounded-md bg-zinc-50 px-2 py-1.5 font-mono text-[12px] break-all text-zinc-700 ring-1 ring-zinc-200">
            {server.summary}
          </code>
        </li>
      ))}
    </ul>
  )
}
