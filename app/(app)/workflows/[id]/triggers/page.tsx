import type { Metadata } from 'next'
import { WorkflowTriggers } from '@/components/triggers/WorkflowTriggers'

export const metadata: Metadata = { title: 'Schedules, webhooks and public forms' }

/** A workflow's triggers (issue #32): its schedules and webhooks, and the runs each started; its public forms. */
export default async function WorkflowTriggersPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 p-6">
      <WorkflowTriggers workflowId={id} />
    </div>
  )
}
