import type { Metadata } from 'next'
import { Suspense } from 'react'
import { WorkflowEditor } from '@/components/canvas/WorkflowEditor'
import { WorkflowEditorPlaceholder } from '@/components/canvas/WorkflowEditorPlaceholder'
import { roleIn } from '@/lib/server/auth/principal'
import { requirePageUser } from '../../page-user'
import { loadEditorCanvas } from './load-editor-canvas'

export const metadata: Metadata = { title: 'Workflow editor' }

/**
 * The editor, handed the canvas read with the page, so the canvas needs no API round trip to draw. The page's
 * frame and scripts stream first (the placeholder), so the browser loads them while the server reads the workflow.
 */
export default async function WorkflowEditorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <Suspense fallback={<WorkflowEditorPlaceholder />}>
      <EditorWithWorkflow workflowId={id} />
    </Suspense>
  )
}

/** The person is named to the others editing the workflow live; their role tells whether they edit or follow. */
async function EditorWithWorkflow({ workflowId }: { workflowId: string }) {
  const [principal, initialCanvas] = await Promise.all([requirePageUser(), loadEditorCanvas(workflowId)])
  const person = { id: principal.userId, name: principal.name, role: roleIn(principal, initialCanvas?.workspaceId) ?? null }
  return <WorkflowEditor workflowId={workflowId} initialCanvas={initialCanvas} person={person} />
}
