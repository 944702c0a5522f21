'use client'

import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import type { LeaveGuard } from './use-leave-guard'

/** Asks whether to leave the editor when that would lose unsaved changes. */
export function LeaveEditorDialog({ guard }: { guard: LeaveGuard }) {
  return (
    <Dialog
      open={guard.pendingDestination !== null}
      onClose={guard.stay}
      title="Leave without saving?"
      footer={
        <>
          <Button variant="secondary" data-testid="leave-stay" onClick={guard.stay}>
            Stay
          </Button>
          <Button variant="danger" data-testid="leave-discard" onClick={guard.leave}>
            Leave without saving
          </Button>
        </>
      }
    >
      <p className="text-sm text-zinc-600">This workflow has changes that are not saved as a version yet. Leaving now discards them.</p>
    </Dialog>
  )
}
