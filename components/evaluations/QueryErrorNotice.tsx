'use client'

import { errorMessage } from '@/components/api-client'
import { Button } from '@/components/ui'

/** What a view shows when its first load failed: the reason and a retry. */
export function QueryErrorNotice({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      Could not load {what}: {errorMessage(error)}{' '}
      <Button size="sm" className="ml-2" onClick={onRetry}>
        Try again
      </Button>
    </div>
  )
}
