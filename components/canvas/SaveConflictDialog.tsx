'use client'

import { useMemo, useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useVersionQuery } from '@/components/queries/workflow-versions'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { DocumentDiff } from '@/components/versions/DocumentDiff'
import { migrateGraphDocument } from '@/lib/graph/migrate'
import { useCanvasStoreApi } from './CanvasStoreProvider'
import type { SaveConflict } from './use-save-version'

export interface SaveConflictDialogProps {
  workflowId: string
  conflict: SaveConflict | undefined
  /** Save the canvas as the newest version, on top of theirs. */
  onKeepMine: (conflict: SaveConflict) => void
  /** Their version replaced the canvas. */
  onReloaded: () => void
  onClose: () => void
}

/**
 * A save was refused because someone saved a newer version since this canvas was loaded: see what differs between
 * theirs and the canvas, keep the canvas as the newest version, or load theirs in its place (after a confirmation,
 * since that discards the local edits).
 */
export function SaveConflictDialog({ workflowId, conflict, onKeepMine, onReloaded, onClose }: SaveConflictDialogProps) {
  const store = useCanvasStoreApi()
  const [showDiff, setShowDiff] = useState(false)
  const [confirmReload, setConfirmReload] = useState(false)
  const theirs = useVersionQuery(workflowId, conflict?.current.version)
  const documents = useMemo(() => {
    if (!showDiff || !theirs.data) return undefined
    return { theirs: migrateGraphDocument(theirs.data.graph), mine: store.getState().toDocument() }
  }, [showDiff, theirs.data, store])

  const close = () => {
    setShowDiff(false)
    setConfirmReload(false)
    onClose()
  }
  const reloadTheirs = () => {
    if (!theirs.data || !conflict) return
    store.getState().loadSavedVersion(conflict.current.version, migrateGraphDocument(theirs.data.graph))
    setShowDiff(false)
    setConfirmReload(false)
    onReloaded()
  }
  const keepMine = () => {
    if (!conflict) return
    setShowDiff(false)
    setConfirmReload(false)
    onKeepMine(conflict)
  }

  const current = conflict?.current
  const by = current?.savedBy ? ` by ${current.savedBy.name}` : ''
  return (
    <Dialog
      open={conflict !== undefined}
      onClose={close}
      size={showDiff ? '4xl' : 'lg'}
      title="Someone saved a newer version"
      description={
        current
          ? `Version ${current.version} was saved${by} at ${new Date(current.savedAt).toLocaleString()} while you were editing. Your changes are not saved yet.`
          : undefined
      }
      footer={
        confirmReload ? (
          <>
            <Button variant="secondary" data-testid="conflict-reload-cancel" onClick={() => setConfirmReload(false)}>
              Back
            </Button>
            <Button variant="danger" data-testid="conflict-reload-confirm" disabled={!theirs.data} onClick={reloadTheirs}>
              Discard my changes and load v{current?.version}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" data-testid="conflict-show-diff" onClick={() => setShowDiff((shown) => !shown)}>
              {showDiff ? 'Hide the difference' : 'See the difference'}
            </Button>
            <Button variant="secondary" data-testid="conflict-reload" onClick={() => setConfirmReload(true)}>
              Reload theirs
            </Button>
            <Button variant="primary" data-testid="conflict-keep-mine" onClick={keepMine}>
              Keep mine as the newest version
            </Button>
          </>
        )
      }
    >
      {confirmReload ? (
        <p className="text-sm text-zinc-600" data-testid="conflict-reload-question">
          Load version {current?.version} in place of the canvas? Your unsaved changes are discarded and cannot be undone.
        </p>
      ) : null}
      {theirs.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(theirs.error)}
        </p>
      ) : null}
      {showDiff && !confirmReload ? (
        documents ? (
          <DocumentDiff before={documents.theirs} after={documents.mine} beforeLabel={`v${current?.version} (theirs)`} afterLabel="yours" />
        ) : (
          <p className="text-sm text-zinc-500">Loading their version…</p>
        )
      ) : null}
    </Dialog>
  )
}
