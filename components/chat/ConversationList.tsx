'use client'

import { useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { exportUrl } from '@/components/chat/conversations-api'
import { useConversationsQuery, useDeleteConversation, useRenameConversation } from '@/components/queries/conversations'
import { Button, Input, LocalTime, cn } from '@/components/ui'
import type { ConversationSummary } from '@/lib/contracts/conversations'

export interface ConversationListProps {
  agentId: string
  selectedId: string | null
  onSelect: (id: string | null) => void
  onNew: () => void
  creating: boolean
}

/** The agent's conversations, newest first: open, rename, export and delete each. */
export function ConversationList({ agentId, selectedId, onSelect, onNew, creating }: ConversationListProps) {
  const list = useConversationsQuery(agentId)
  const [source, setSource] = useState<'all' | 'members' | 'published'>('all')
  const shown = list.data?.filter((conversation) => source === 'all' || (conversation.publicationId !== null) === (source === 'published'))
  return (
    <nav aria-label="Conversations" className="flex w-72 shrink-0 flex-col border-r border-zinc-200 bg-white">
      <div className="border-b border-zinc-200 p-3">
        <Button variant="primary" className="w-full" onClick={onNew} disabled={creating}>
          New conversation
        </Button>
        <select
          aria-label="Show conversations"
          value={source}
          onChange={(event) => setSource(event.target.value as typeof source)}
          className="mt-2 w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm"
        >
          <option value="all">All conversations</option>
          <option value="members">Members&apos; conversations</option>
          <option value="published">Visitors (published)</option>
        </select>
      </div>
      <ul className="min-h-0 flex-1 overflow-y-auto" data-testid="conversation-list">
        {list.isError && <li className="p-3 text-sm text-red-700">{errorMessage(list.error)}</li>}
        {shown?.length === 0 && <li className="p-3 text-sm text-zinc-500">No conversations yet.</li>}
        {shown?.map((conversation) => (
          <ConversationRow
            key={conversation.id}
            agentId={agentId}
            conversation={conversation}
            selected={conversation.id === selectedId}
            onSelect={() => onSelect(conversation.id)}
            onDeleted={() => conversation.id === selectedId && onSelect(null)}
          />
        ))}
      </ul>
    </nav>
  )
}

function ConversationRow({
  agentId,
  conversation,
  selected,
  onSelect,
  onDeleted,
}: {
  agentId: string
  conversation: ConversationSummary
  selected: boolean
  onSelect: () => void
  onDeleted: () => void
}) {
  const rename = useRenameConversation(agentId)
  const remove = useDeleteConversation(agentId)
  const [editing, setEditing] = useState(false)
  const [title, setTitle] = useState(conversation.title)
  const label = conversation.title || 'New conversation'

  if (editing) {
    return (
      <li className="border-b border-zinc-100 p-2">
        <form
          className="flex gap-1"
          onSubmit={(event) => {
            event.preventDefault()
            rename.mutate({ id: conversation.id, title }, { onSuccess: () => setEditing(false) })
          }}
        >
          <Input aria-label="Conversation title" value={title} onChange={(event) => setTitle(event.target.value)} autoFocus className="h-8 text-sm" />
          <Button type="submit" size="sm" variant="primary" disabled={rename.isPending}>
            Save
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
        {rename.isError && <p className="mt-1 text-xs text-red-700">{errorMessage(rename.error)}</p>}
      </li>
    )
  }
  return (
    <li className={cn('group border-b border-zinc-100', selected && 'bg-indigo-50')} data-testid="conversation-row">
      <button type="button" onClick={onSelect} className="block w-full px-3 pt-2 text-left" aria-current={selected ? 'true' : undefined}>
        <span className="flex items-center gap-1">
          <span className="block truncate text-sm font-medium text-zinc-900">{label}</span>
          {conversation.publicationId !== null && (
            <span
              className="shrink-0 rounded bg-amber-100 px-1.5 text-[10px] font-medium text-amber-800"
              data-testid="conversation-published"
              title="A visitor of a published link started it"
            >
              published
            </span>
          )}
        </span>
        <span className="block text-xs text-zinc-500">
          <LocalTime iso={conversation.updatedAt} />
        </span>
      </button>
      <div className="flex flex-wrap gap-x-2 px-3 pb-2 text-xs">
        <button
          type="button"
          className="text-indigo-700 hover:underline"
          onClick={() => {
            setTitle(conversation.title)
            setEditing(true)
          }}
          aria-label={`Rename ${label}`}
        >
          Rename
        </button>
        <a className="text-indigo-700 hover:underline" href={exportUrl(conversation.id, 'markdown')} download aria-label={`Export ${label} as Markdown`}>
          Markdown
        </a>
        <a className="text-indigo-700 hover:underline" href={exportUrl(conversation.id, 'json')} download aria-label={`Export ${label} as JSON`}>
          JSON
        </a>
        <button
          type="button"
          className="text-red-700 hover:underline"
          aria-label={`Delete ${label}`}
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(`Delete "${label}" and all its messages?`)) remove.mutate(conversation.id, { onSuccess: onDeleted })
          }}
        >
          Delete
        </button>
      </div>
      {remove.isError && <p className="px-3 pb-2 text-xs text-red-700">{errorMessage(remove.error)}</p>}
    </li>
  )
}
