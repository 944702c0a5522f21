'use client'

import type { McpServerSummary, StdioAccess } from '@/lib/contracts/mcp-servers'
import { DeleteServerDialog } from './DeleteServerDialog'
import { EditMcpServerDialog } from './EditMcpServerDialog'
import { ImportManifestDialog } from './ImportManifestDialog'
import { McpServerFormDialog } from './McpServerFormDialog'
import { McpServerSettingsDialog } from './McpServerSettingsDialog'

/** The dialog open on the servers page, if any. */
export type OpenDialog =
  | { kind: 'add' }
  | { kind: 'edit'; server: McpServerSummary }
  | { kind: 'settings'; server: McpServerSummary }
  | { kind: 'delete'; server: McpServerSummary }
  | { kind: 'import' }
  | null

export interface McpServerDialogsProps {
  dialog: OpenDialog
  stdio: StdioAccess | null
  onClose: () => void
}

/**
 * Adds, edits, deletes or imports servers. Each dialog is mounted only while open (it starts
 * afresh each time) and closes itself once done; the lists follow from the mutations.
 */
export function McpServerDialogs({ dialog, stdio, onClose }: McpServerDialogsProps) {
  switch (dialog?.kind) {
    case 'add':
      return <McpServerFormDialog stdio={stdio} onClose={onClose} onSaved={onClose} />
    case 'edit':
      return <EditMcpServerDialog server={dialog.server} stdio={stdio} onClose={onClose} onSaved={onClose} />
    case 'settings':
      return <McpServerSettingsDialog server={dialog.server} onClose={onClose} />
    case 'delete':
      return <DeleteServerDialog server={dialog.server} onClose={onClose} onDeleted={onClose} />
    case 'import':
      return <ImportManifestDialog onClose={onClose} />
    default:
      return null
  }
}
