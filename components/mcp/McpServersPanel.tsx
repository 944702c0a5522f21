'use client'

import { useCallback, useEffect, useState } from 'react'
import { Button } from '@/components/ui'
import { errorMessage } from '@/components/api-client'
import { DeleteServerDialog } from './DeleteServerDialog'
import { ImportManifestDialog } from './ImportManifestDialog'
import { getMcpServer, listMcpServers, testMcpServer, updateMcpServer } from './mcp-api'
import type { McpServerDetail, McpServerSummary, StdioAccess } from '@/lib/contracts/mcp-servers'
import { McpServerFormDialog } from './McpServerFormDialog'
import { McpServerRow } from './McpServerRow'
import type { TestState } from './TestResultView'

type OpenDialog =
  | { kind: 'add' }
  | { kind: 'edit'; server: McpServerDetail }
  | { kind: 'delete'; server: McpServerSummary }
  | { kind: 'import' }
  | null

const byName = (a: McpServerSummary, b: McpServerSummary) => a.name.localeCompare(b.name)

/** The MCP servers page: list, add, edit, test, enable/disable, delete, import. */
export function McpServersPanel() {
  const [servers, setServers] = useState<McpServerSummary[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const [tests, setTests] = useState<Record<string, TestState>>({})
  const [stdio, setStdio] = useState<StdioAccess | null>(null)

  const reload = useCallback(async () => {
    try {
      const listed = await listMcpServers()
      setServers([...listed.servers].sort(byName))
      setStdio(listed.stdio)
      setError(null)
    } catch (cause) {
      setError(errorMessage(cause))
    }
  }, [])

  useEffect(() => {
    void reload()
  }, [reload])

  const setTest = (id: string, state: TestState | undefined) =>
    setTests((current) => {
      const next = { ...current }
      if (state) next[id] = state
      else delete next[id]
      return next
    })

  async function runTest(id: string) {
    setTest(id, { status: 'running' })
    try {
      setTest(id, { status: 'done', result: await testMcpServer(id) })
    } catch (cause) {
      setTest(id, { status: 'failed', message: errorMessage(cause) })
    }
  }

  async function openEdit(id: string) {
    setError(null)
    try {
      setDialog({ kind: 'edit', server: (await getMcpServer(id)).server })
    } catch (cause) {
      setError(errorMessage(cause))
    }
  }

  async function toggleEnabled(id: string, enabled: boolean) {
    setError(null)
    setServers((list) => list?.map((s) => (s.id === id ? { ...s, enabled } : s)) ?? null)
    try {
      await updateMcpServer(id, { enabled })
    } catch (cause) {
      setServers((list) => list?.map((s) => (s.id === id ? { ...s, enabled: !enabled } : s)) ?? null)
      setError(errorMessage(cause))
    }
  }

  function saved(server: McpServerDetail) {
    setDialog(null)
    // A changed configuration makes an earlier test result stale.
    setTest(server.id, undefined)
    void reload()
  }

  function deleted(id: string) {
    setDialog(null)
    setTest(id, undefined)
    setServers((list) => list?.filter((s) => s.id !== id) ?? null)
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <Button variant="primary" data-testid="mcp-add" onClick={() => setDialog({ kind: 'add' })}>
          Add server
        </Button>
        <Button data-testid="mcp-import" onClick={() => setDialog({ kind: 'import' })}>
          Import manifest
        </Button>
      </div>

      {stdio && !stdio.enabled ? (
        <p className="rounded-lg border border-zinc-200 bg-zinc-50 px-4 py-3 text-sm text-zinc-700" data-testid="mcp-stdio-off">
          {stdio.reason} Existing stdio servers stay listed but do not start; http and websocket servers work as usual.
        </p>
      ) : null}

      {error ? (
        <div role="alert" data-testid="mcp-error" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
          <Button size="sm" className="ml-3" onClick={() => void reload()}>
            Reload
          </Button>
        </div>
      ) : null}

      {servers === null ? (
        error ? null : <p className="text-sm text-zinc-500">Loading servers…</p>
      ) : servers.length === 0 ? (
        <div className="rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-12 text-center text-sm text-zinc-500" data-testid="mcp-server-list">
          No MCP servers yet. Add one, or import a tool-server manifest.
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-label="MCP servers" data-testid="mcp-server-list">
          {servers.map((server) => (
            <McpServerRow
              key={server.id}
              server={server}
              test={tests[server.id]}
              onTest={() => void runTest(server.id)}
              onEdit={() => void openEdit(server.id)}
              onDelete={() => setDialog({ kind: 'delete', server })}
              onToggleEnabled={(enabled) => void toggleEnabled(server.id, enabled)}
            />
          ))}
        </ul>
      )}

      {dialog?.kind === 'add' ? <McpServerFormDialog stdio={stdio} onClose={() => setDialog(null)} onSaved={saved} /> : null}
      {dialog?.kind === 'edit' ? <McpServerFormDialog stdio={stdio} server={dialog.server} onClose={() => setDialog(null)} onSaved={saved} /> : null}
      {dialog?.kind === 'delete' ? <DeleteServerDialog server={dialog.server} onClose={() => setDialog(null)} onDeleted={deleted} /> : null}
      {dialog?.kind === 'import' ? <ImportManifestDialog onClose={() => setDialog(null)} onImported={() => void reload()} /> : null}
    </div>
  )
}
