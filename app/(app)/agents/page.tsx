import type { Metadata } from 'next'
import { AgentList } from '@/components/agents/AgentList'

export const metadata: Metadata = { title: 'Agents' }

export default function AgentsPage() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-6">
      <AgentList />
    </div>
  )
}
