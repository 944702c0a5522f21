'use client'

import { Button, Dialog } from '@/components/ui'
import { errorMessage } from '@/components/api-client'
import { useMcpServerQuery } from '@/components/queries/mcp-servers'
import type { McpServerDetail, McpServerSummary, StdioAccess } from '@/lib/contracts/mcp-servers'
import { McpServerFormDialog } from './McpServerFormDialog'

export interface EditMcpServerDialogProps {
  server: McpServerSummary
  stdio: StdioAccess | null
  onClose: () => void
  onSaved: (server: McpServerDetail) => void
}

/**
 * Edits a server from what it holds now: the form waits for the server's configuration fetched for
 * this opening, never starting from a copy cached by an earlier one (it keeps what it started from).
 */
export function EditMcpServerDialog({ server, stdio, onClose, onSaved }: EditMcpServerDialogProps) {
  const detail = useMcpServerQuery(server.id)
  if (detail.isFetchedAfterMount && detail.isSuccess) {
    return <McpServerFormDialog server={detail.data.server} stdio={stdio} onClose={onClose} onSaved={onSaved} />
  }
  const failed = detail.isFetchedAfterMount && detail.isError
  return (
    <Dialog open onClose={onClose} title={`Edit ${server.name}`} footer={<Button onClick={onClose}>Cancel</Button>} size="2xl">
      {failed ? (
        <p role="alert" data-testid="mcp-error" className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-700">
          {errorMessage(detail.error)}
        </p>
      ) : (
        <p className="text-sm text-zinc-500">Loading the server…</p>
      )}
    </Dialog>
  )
}
