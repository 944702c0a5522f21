import type { Metadata } from 'next'
import { WorkflowList } from './WorkflowList'

export const metadata: Metadata = { title: 'Workflows' }

export default function WorkflowsPage() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-6">
      <WorkflowList />
    </div>
  )
}
