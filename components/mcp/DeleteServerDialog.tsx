'use client'

import { useEffect, useState } from 'react'
import { Button, Dialog } from '@/components/ui'
import { errorMessage } from '@/components/api-client'
import { deleteMcpServer, getMcpServer } from './mcp-api'
import type { McpServerSummary, WorkflowReference } from '@/lib/contracts/mcp-servers'
import { WorkflowReferenceList } from './WorkflowReferenceList'

export interface DeleteServerDialogProps {
  server: McpServerSummary
  onClose: () => void
  onDeleted: (id: string) => void
}

/** Confirms a deletion, naming first the workflows whose runs would then fail. */
export function DeleteServerDialog({ server, onClose, onDeleted }: DeleteServerDialogProps) {
  const [references, setReferences] = useState<WorkflowReference[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let cancelled = false
    getMcpServer(server.id)
      .then(({ referencedBy }) => !cancelled && setReferences(referencedBy))
      .catch((cause) => !cancelled && setError(errorMessage(cause)))
    return () => {
      cancelled = true
    }
  }, [server.id])

  async function confirm() {
    setBusy(true)
    setError(null)
    try {
      await deleteMcpServer(server.id)
      onDeleted(server.id)
    } catch (cause) {
      setError(errorMessage(cause))
      setBusy(false)
    }
  }

  const footer = (
    <>
      <Button onClick={onClose}>Cancel</Button>
      <Button variant="danger" data-testid="mcp-delete-confirm" disabled={busy || (references === null && error === null)} onClick={() => void confirm()}>
        {busy ? 'Deleting…' : 'Delete server'}
      </Button>
    </>
  )

  return (
    <Dialog open onClose={onClose} title={`Delete ${server.name}?`} footer={footer}>
      {references === null && error === null ? <p className="text-sm text-zinc-500">Checking which workflows use it…</p> : null}
      {references && references.length > 0 ? (
        <div role="alert" className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900" data-testid="mcp-delete-warning">
          <p className="text-sm">
            {references.length === 1 ? 'This workflow uses' : `These ${references.length} workflows use`} <code className="font-mono">{server.id}</code>. Their
            runs will fail with “MCP server ‘{server.id}’ not found” until you remove it from them or add it again.
          </p>
          <WorkflowReferenceList references={references} />
        </div>
      ) : null}
      {references && references.length === 0 ? <p className="text-sm text-zinc-600">No saved workflow uses this server.</p> : null}
      {error ? (
        <p role="alert" data-testid="mcp-error" className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </Dialog>
  )
}
