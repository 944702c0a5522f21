'use client'

import { useState } from 'react'
import { Button } from '@/components/ui'
import { errorMessage } from '@/components/api-client'
import { useMcpServersQuery, useSetMcpServerEnabled } from '@/components/queries/mcp-servers'
import { useCurrentWorkspaceAccess } from '@/components/workspaces/CurrentWorkspaceProvider'
import { McpServerDialogs, type OpenDialog } from './McpServerDialogs'
import { McpServerList } from './McpServerList'

/** The MCP servers page: list, add, edit, test, enable/disable, delete, import (each as the person's role allows). */
export function McpServersPanel() {
  const access = useCurrentWorkspaceAccess()
  const list = useMcpServersQuery()
  const setEnabled = useSetMcpServerEnabled()
  const [dialog, setDialog] = useState<OpenDialog>(null)
  const stdio = list.data?.stdio ?? null
  // A failed switch is put back by the mutation; the message says why.
  const error = list.error ?? setEnabled.error

  return (
    <div className="flex flex-col gap-4">
      {access.canEdit ? (
        <div className="flex items-center gap-2">
          <Button variant="primary" data-testid="mcp-add" onClick={() => setDialog({ kind: 'add' })}>
            Add server
          </Button>
          <Button data-testid="mcp-import" onClick={() => setDialog({ kind: 'import' })}>
            Import manifest
          </Button>
        </div>
      ) : null}

      {stdio && !stdio.enabled ? (
        <p className="rounded-lg border border-zinc-200 bg-zinc-50 px-4 py-3 text-sm text-zinc-700" data-testid="mcp-stdio-off">
          {stdio.reason} Existing stdio servers stay listed but do not start; http and websocket servers work as usual.
        </p>
      ) : null}

      {error ? (
        <div role="alert" data-testid="mcp-error" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {errorMessage(error)}
          <Button
            size="sm"
            className="ml-3"
            onClick={() => {
              setEnabled.reset()
              void list.refetch()
            }}
          >
            Reload
          </Button>
        </div>
      ) : null}

      {list.isPending ? <p className="text-sm text-zinc-500">Loading servers…</p> : null}
      {list.data ? (
        <McpServerList
          servers={list.data.servers}
          access={access}
          onEdit={(server) => setDialog({ kind: 'edit', server })}
          onSettings={(server) => setDialog({ kind: 'settings', server })}
          onDelete={(server) => setDialog({ kind: 'delete', server })}
          onToggleEnabled={(server, enabled) => setEnabled.mutate({ id: server.id, enabled, baseVersion: server.version })}
        />
      ) : null}

      <McpServerDialogs dialog={dialog} stdio={stdio} onClose={() => setDialog(null)} />
    </div>
  )
}
