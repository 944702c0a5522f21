'use client'

import { errorMessage } from '@/components/api-client'
import { usePinConversation } from '@/components/queries/conversations'
import { Select } from '@/components/ui'
import type { ConversationDetail } from '@/lib/contracts/conversations'

const LATEST = 'latest'

/**
 * Which version of the agent answers: "v3 · latest" while the conversation follows the latest
 * version, "pinned to v2" once pinned; the select pins it to another version or back to the latest.
 */
export function ConversationVersionPicker({ agentId, conversation }: { agentId: string; conversation: ConversationDetail }) {
  const pin = usePinConversation(agentId)
  const latest = conversation.latestVersion
  if (latest === null) return null
  const pinned = conversation.pinnedVersion
  const options = [
    { value: LATEST, label: `Latest (v${latest})` },
    ...Array.from({ length: latest }, (_, index) => latest - index).map((version) => ({ value: String(version), label: `Pin to v${version}` })),
  ]
  return (
    <div className="flex items-center gap-2 text-xs text-zinc-600">
      <span data-testid="chat-version">{pinned === null ? `v${latest} · latest` : `pinned to v${pinned}`}</span>
      <Select
        aria-label="Agent version"
        data-testid="chat-version-select"
        className="h-7 w-32 py-0 text-xs"
        options={options}
        value={pinned === null ? LATEST : String(pinned)}
        disabled={pin.isPending}
        onChange={(event) => pin.mutate({ id: conversation.id, version: event.target.value === LATEST ? null : Number(event.target.value) })}
      />
      {pin.isError && (
        <span role="alert" className="text-red-700">
          {errorMessage(pin.error)}
        </span>
      )}
    </div>
  )
}
