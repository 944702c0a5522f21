'use client'

import { Button, Dialog } from '@/components/ui'
import { errorMessage } from '@/components/api-client'
import { useDeleteMcpServer, useMcpServerQuery } from '@/components/queries/mcp-servers'
import type { McpServerSummary } from '@/lib/contracts/mcp-servers'
import { WorkflowReferenceList } from './WorkflowReferenceList'

export interface DeleteServerDialogProps {
  server: McpServerSummary
  onClose: () => void
  onDeleted: () => void
}

/** Confirms a deletion, naming first the workflows whose runs would then fail. */
export function DeleteServerDialog({ server, onClose, onDeleted }: DeleteServerDialogProps) {
  const detail = useMcpServerQuery(server.id)
  const remove = useDeleteMcpServer()
  const references = detail.data?.referencedBy ?? null
  const checking = detail.isPending
  // Until a deletion is tried, a failed check says why; from then on, the deletion's own error does.
  const error = remove.isIdle ? detail.error : remove.error

  const confirm = () => remove.mutate(server.id, { onSuccess: onDeleted })

  const footer = (
    <>
      <Button onClick={onClose}>Cancel</Button>
      <Button variant="danger" data-testid="mcp-delete-confirm" disabled={remove.isPending || remove.isSuccess || checking} onClick={confirm}>
        {remove.isPending || remove.isSuccess ? 'Deleting…' : 'Delete server'}
      </Button>
    </>
  )

  return (
    <Dialog open onClose={onClose} title={`Delete ${server.name}?`} footer={footer}>
      {checking ? <p className="text-sm text-zinc-500">Checking which workflows use it…</p> : null}
      {references && references.length > 0 ? (
        <div
          role="alert"
          className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900"
          data-testid="mcp-delete-warning"
        >
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
          {errorMessage(error)}
        </p>
      ) : null}
    </Dialog>
  )
}
