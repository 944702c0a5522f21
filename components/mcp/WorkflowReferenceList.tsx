import { IntentLink } from '@/components/ui/IntentLink'
import type { WorkflowReference } from '@/lib/contracts/mcp-servers'

function versionsLabel(reference: WorkflowReference): string {
  const list = reference.versions.join(', ')
  return `${reference.versions.length === 1 ? 'version' : 'versions'} ${list}${reference.latest ? ' (including the latest)' : ''}`
}

/** The workflows whose saved versions use a server. */
export function WorkflowReferenceList({ references }: { references: WorkflowReference[] }) {
  return (
    <ul className="flex flex-col gap-1" data-testid="mcp-references">
      {references.map((reference) => (
        <li key={reference.workflowId} className="text-sm">
          <IntentLink href={`/workflows/${reference.workflowId}`} className="font-medium text-indigo-700 hover:underline">
            {reference.workflowName}
          </IntentLink>{' '}
          <span className="text-xs text-zinc-500">{versionsLabel(reference)}</span>
        </li>
      ))}
    </ul>
  )
}
