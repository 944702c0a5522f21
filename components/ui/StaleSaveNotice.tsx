'use client'

import { useState } from 'react'
import type { CurrentVersion } from '@/lib/contracts/save-base'
import { Button } from './Button'

export interface StaleSaveNoticeProps {
  /** The newer version the save was refused for (staleVersionOf the save's error). */
  current: CurrentVersion
  /** What is being saved, for the sentence ("agent", "skill", "server"). */
  what: string
  /** Save again on top of their version. */
  onOverwrite: () => void
  /** Load their version in place of the form's, discarding its changes. */
  onReload: () => void
  busy?: boolean
}

/** A save refused because someone saved a newer version since the form was opened: overwrite theirs, or reload it (after a confirmation). */
export function StaleSaveNotice({ current, what, onOverwrite, onReload, busy }: StaleSaveNoticeProps) {
  const [confirmReload, setConfirmReload] = useState(false)
  const by = current.savedBy ? ` by ${current.savedBy.name}` : ''
  return (
    <div role="alert" data-testid="stale-save" className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-xs text-amber-900">
      <p>
        Not saved: this {what} was saved again{by} at {new Date(current.savedAt).toLocaleString()} (version {current.version}) since you opened it.
      </p>
      <div className="flex flex-wrap gap-2">
        {confirmReload ? (
          <>
            <Button size="sm" variant="danger" data-testid="stale-reload-confirm" onClick={onReload} disabled={busy}>
              Discard my changes and reload
            </Button>
            <Button size="sm" onClick={() => setConfirmReload(false)}>
              Back
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" variant="primary" data-testid="stale-overwrite" onClick={onOverwrite} disabled={busy}>
              Overwrite with mine
            </Button>
            <Button size="sm" data-testid="stale-reload" onClick={() => setConfirmReload(true)} disabled={busy}>
              Reload theirs
            </Button>
          </>
        )}
      </div>
    </div>
  )
}
