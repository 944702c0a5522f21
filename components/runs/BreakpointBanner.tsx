'use client'

import { toast } from 'sonner'
import { Button } from '@/components/ui'
import { errorMessage } from '@/components/api-client'
import { useActOnPausedRun } from '@/components/queries/runs'
import type { ApprovalView } from '@/lib/contracts/approvals'
import type { DebugAction } from '@/lib/contracts/run-debug'

export interface BreakpointBannerProps {
  runId: string
  /** The pending approval of kind `breakpoint` that holds the run. */
  pause: ApprovalView
  /** Shows the run's checkpoints: the state it is paused on (edited through `POST /api/runs/:id/debug/state`). */
  onInspectState?: () => void
}

const DONE: Record<DebugAction, string> = { continue: 'Continuing', step: 'Stepping one superstep', stop: 'Run stopped' }

/** A debug run paused at a breakpoint: where, and Continue / Step / Stop / Edit state. */
export function BreakpointBanner({ runId, pause, onInspectState }: BreakpointBannerProps) {
  const act = useActOnPausedRun(runId)
  const send = (action: DebugAction) =>
    act.mutate(action, {
      onSuccess: () => toast(DONE[action]),
      onError: (error) => toast.error('The paused run did not take it', { description: errorMessage(error) }),
    })
  return (
    <section
      role="status"
      data-testid="breakpoint-banner"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
    >
      <span aria-hidden className="inline-block size-2.5 rounded-full bg-red-600" />
      <span className="font-semibold" data-testid="breakpoint-title">
        {pause.title}
      </span>
      <span className="text-red-800">The run is paused and holds no worker; it goes on when you say so.</span>
      <span className="ml-auto flex gap-2">
        <Button variant="primary" data-testid="breakpoint-continue" disabled={act.isPending} onClick={() => send('continue')}>
          Continue
        </Button>
        <Button variant="secondary" data-testid="breakpoint-step" disabled={act.isPending} onClick={() => send('step')}>
          Step
        </Button>
        {onInspectState ? (
          <Button variant="secondary" data-testid="breakpoint-inspect" onClick={onInspectState}>
            Inspect state
          </Button>
        ) : null}
        <Button variant="danger" data-testid="breakpoint-stop" disabled={act.isPending} onClick={() => send('stop')}>
          Stop
        </Button>
      </span>
    </section>
  )
}
