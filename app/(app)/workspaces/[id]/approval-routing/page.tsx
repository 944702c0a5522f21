import type { Metadata } from 'next'
import { ApprovalRoutingSettings } from '@/components/workspaces/ApprovalRoutingSettings'
import { requirePageUser } from '../../../page-user'

export const metadata: Metadata = { title: 'Approval routing' }

/** Where a workspace's approvals are told besides the inbox: its chat webhook and escalation to its owners (owners only; others see the API's 403 as a sentence). */
export default async function ApprovalRoutingPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePageUser()
  const { id } = await params
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-6">
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Approval routing</h1>
        <p className="mt-1 text-sm text-zinc-600">
          Approvals go to the workspace’s approvers and owners, and to whoever started the run. Here the owners choose where else they are told.
        </p>
      </div>
      <ApprovalRoutingSettings workspaceId={id} />
    </div>
  )
}
