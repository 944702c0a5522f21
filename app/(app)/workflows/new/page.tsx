import type { Metadata } from 'next'
import { WorkflowEditor } from '@/components/canvas/WorkflowEditor'
import { workflowTemplate } from '@/lib/graph/templates'
import { requirePageUser } from '../../page-user'

export const metadata: Metadata = { title: 'New workflow' }

/** A draft: nothing is created until it is first saved or named. `?template=<id>` starts it from a gallery template. */
export default async function NewWorkflowPage({ searchParams }: { searchParams: Promise<{ template?: string | string[] }> }) {
  const { template: asked } = await searchParams
  const templateId = typeof asked === 'string' ? asked : undefined
  const found = templateId ? workflowTemplate(templateId) : undefined
  // A stale or mistyped gallery link still opens a draft, but says why it is empty.
  const notice = templateId && !found ? `No template "${templateId}": this is an empty draft.` : undefined
  const template = found && { title: found.title, document: found.document }
  // Named, so that the draft goes live with the others the moment its first save creates it. Whoever creates a workflow
  // may edit it: the role is left to the server, which decides anyway.
  const principal = await requirePageUser()
  const person = { id: principal.userId, name: principal.name, role: null }
  // Keyed by the template, so that choosing another one from the gallery opens a fresh draft.
  return <WorkflowEditor key={templateId ?? ''} workflowId={null} template={template} notice={notice} person={person} />
}
