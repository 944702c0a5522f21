import type { Metadata } from 'next'
import { Suspense } from 'react'
import { ChatPlayground } from '@/components/chat/ChatPlayground'

export const metadata: Metadata = { title: 'Chat' }

export default async function AgentChatPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <Suspense>
        <ChatPlayground agentId={id} />
      </Suspense>
    </div>
  )
}
