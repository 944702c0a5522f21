import type { Metadata } from 'next'
import { WorkflowEditor } from '@/components/canvas/WorkflowEditor'

export const metadata: Metadata = { title: 'New workflow' }

/** A draft: nothing is created until it is first saved or named. `?template=<id>` starts it from a gallery template. */
export default async function NewWorkflowPage({ searchParams }: { searchParams: Promise<{ template?: string | string[] }> }) {
  const { template } = await searchParams
  const templateId = typeof template === 'string' ? template : undefined
  // Keyed by the template, so that choosing another one from the gallery opens a fresh draft.
  return <WorkflowEditor key={templateId ?? ''} workflowId={null} templateId={templateId} />
}
