import { Badge, type BadgeTone } from '@/components/ui'
import type { ExperimentStatus } from '@/lib/contracts/experiments'

const TONE: Record<ExperimentStatus, BadgeTone> = { running: 'accent', succeeded: 'success', failed: 'danger', cancelled: 'neutral' }
const LABEL: Record<ExperimentStatus, string> = { running: 'Running', succeeded: 'Finished', failed: 'Failed', cancelled: 'Cancelled' }

export function ExperimentStatusBadge({ status }: { status: ExperimentStatus }) {
  return (
    <Badge tone={TONE[status]} data-testid="experiment-status" data-status={status}>
      {LABEL[status]}
    </Badge>
  )
}
