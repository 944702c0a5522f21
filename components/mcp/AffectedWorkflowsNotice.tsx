import type { ConfirmRequiredDetails } from '@/lib/contracts/mcp-servers'
import { WorkflowReferenceList } from './WorkflowReferenceList'

/** Before a change to what a server runs or where it connects: the workflows whose runs it would change. */
export function AffectedWorkflowsNotice({ confirmation }: { confirmation: ConfirmRequiredDetails }) {
  const { affected, others } = confirmation
  const count = affected.length + others
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-amber-900"
      data-testid="mcp-confirm-affected"
    >
      <p className="text-sm">
        {count === 1 ? 'A workflow uses' : `${count} workflows use`} this server. Every run of {count === 1 ? 'it' : 'them'} will run the new configuration. The
        change is recorded in the audit log.
      </p>
      <WorkflowReferenceList references={affected} />
      {others > 0 ? (
        <p className="text-xs">
          And {others} {others === 1 ? 'workflow' : 'workflows'} of other people.
        </p>
      ) : null}
    </div>
  )
}
