import type { Metadata } from 'next'
import { ApprovalsInbox } from '@/components/approvals/ApprovalsInbox'
import { BrowserNotificationsToggle } from '@/components/approvals/BrowserNotificationsToggle'

export const metadata: Metadata = { title: 'Approvals' }

export default function ApprovalsPage() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-6">
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Approvals</h1>
        <p className="mt-1 text-sm text-zinc-600">
          Requests from running workflows that wait for a person: MCP sampling, tool calls, questions. Unanswered requests expire and count as denied.
        </p>
      </div>
      <BrowserNotificationsToggle />
      <ApprovalsInbox />
    </div>
  )
}
