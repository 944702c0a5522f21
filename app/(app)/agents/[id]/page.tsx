import type { Metadata } from 'next'
import { AgentEditor } from '@/components/agents/AgentEditor'

export const metadata: Metadata = { title: 'Agent' }

export default async function AgentPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-6">
      <AgentEditor agentId={id} />
    </div>
  )
}
