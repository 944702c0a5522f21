import type { Metadata } from 'next'
import { WorkflowEditor } from '@/components/canvas/WorkflowEditor'

export const metadata: Metadata = { title: 'New workflow' }

/** A draft: nothing is created until it is first saved or named. */
export default function NewWorkflowPage() {
  return <WorkflowEditor workflowId={null} />
}
