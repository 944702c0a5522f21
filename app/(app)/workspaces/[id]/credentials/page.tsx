import type { Metadata } from 'next'
import { ModelCredentialsSettings } from '@/components/credentials/ModelCredentialsSettings'
import { requirePageUser } from '../../../page-user'

export const metadata: Metadata = { title: 'Model credentials' }

/** The workspace's provider API keys, chosen by name on agents (owners and editors manage them; others see the names). */
export default async function ModelCredentialsPage({ params }: { params: Promise<{ id: string }> }) {
  await requirePageUser()
  const { id } = await params
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 p-6">
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Model credentials</h1>
        <p className="mt-1 text-sm text-zinc-600">
          API keys for model providers, kept by this workspace. An agent that chooses one sends its key, and only to its base URL (Azure OpenAI: its endpoint).
        </p>
      </div>
      <ModelCredentialsSettings workspaceId={id} />
    </div>
  )
}
