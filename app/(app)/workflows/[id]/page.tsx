import type { Metadata } from 'next'
import { WorkflowEditor } from '@/components/canvas/WorkflowEditor'

export const metadata: Metadata = { title: 'Workflow editor' }

/** The editor; it loads the workflow through the API on the client, so nothing is fetched here. */
export default async function WorkflowEditorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return <WorkflowEditor workflowId={id} />
}
