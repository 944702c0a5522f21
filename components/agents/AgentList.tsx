'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import { useRouter } from 'next/navigation'
import { useState } from 'react'
import { errorMessage, requestFieldError } from '@/components/api-client'
import { McpToolBadge } from '@/components/mcp-endpoint/McpToolBadge'
import { useAgentsQuery, useCreateAgent } from '@/components/queries/agents'
import { Button } from '@/components/ui/Button'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { EmptyListNotice } from '@/components/ui/EmptyListNotice'
import { ListTable } from '@/components/ui/ListTable'
import { LocalTime } from '@/components/ui/LocalTime'
import { useCurrentWorkspaceAccess } from '@/components/workspaces/CurrentWorkspaceProvider'
import { WorkspaceBadge } from '@/components/workspaces/WorkspaceBadge'
import { WorkspaceScopeToggle } from '@/components/workspaces/WorkspaceScopeToggle'
import { useWorkspaceScope } from '@/components/workspaces/use-workspace-scope'

const AGENT_COLUMNS = [{ label: 'Name' }, { label: 'Description' }, { label: 'Latest version' }, { label: 'Updated' }]

/** The agents of the current workspace (or of all the person's), newest change first, and a form that creates one there and opens it. */
export function AgentList() {
  const router = useRouter()
  const scope = useWorkspaceScope()
  const { canEdit } = useCurrentWorkspaceAccess()
  const list = useAgentsQuery(scope.workspaceId)
  const create = useCreateAgent()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const nameError = requestFieldError(create.error, 'name')

  return (
    <>
      <div className="flex items-end justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900">Agents</h1>
          <p className="mt-1 text-sm text-zinc-600">Design reusable agents, save versions, place them on a canvas or chat with them.</p>
        </div>
        <WorkspaceScopeToggle scope={scope} />
      </div>
      {canEdit ? (
        <form
          className="flex flex-wrap items-end gap-3 rounded-lg border border-zinc-200 bg-white p-4"
          onSubmit={(e) => {
            e.preventDefault()
            create.mutate({ name, description }, { onSuccess: ({ agent }) => router.push(`/agents/${encodeURIComponent(agent.id)}`) })
          }}
        >
          <div className="w-64">
            <Field label="Name" htmlFor="new-agent-name" error={nameError}>
              <Input id="new-agent-name" data-testid="new-agent-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Researcher" />
            </Field>
          </div>
          <div className="min-w-64 flex-1">
            <Field label="Description" htmlFor="new-agent-description">
              <Input id="new-agent-description" value={description} onChange={(e) => setDescription(e.target.value)} placeholder="What it is for" />
            </Field>
          </div>
          <Button type="submit" variant="primary" data-testid="create-agent" disabled={create.isPending || create.isSuccess}>
            {create.isPending || create.isSuccess ? 'Creating…' : 'New agent'}
          </Button>
          {create.isError && !nameError ? (
            <p role="alert" className="w-full text-sm text-red-700">
              Could not create the agent: {errorMessage(create.error)}
            </p>
          ) : null}
        </form>
      ) : null}
      {list.isPending ? <p className="text-sm text-zinc-500">Loading agents…</p> : null}
      {list.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load agents: {errorMessage(list.error)}
        </p>
      ) : null}
      {list.data?.length === 0 ? <EmptyListNotice>{canEdit ? 'No agents yet. Name one above to start.' : 'No agents yet.'}</EmptyListNotice> : null}
      {list.data && list.data.length > 0 ? (
        <ListTable testId="agent-list" columns={AGENT_COLUMNS}>
          {list.data.map((agent) => (
            <tr key={agent.id} data-testid={`agent-row-${agent.id}`} className="hover:bg-zinc-50">
              <td className="px-4 py-2.5">
                <IntentLink href={`/agents/${encodeURIComponent(agent.id)}`} className="font-medium text-zinc-900 hover:text-indigo-600 hover:underline">
                  {agent.name}
                </IntentLink>
                <McpToolBadge offer={agent.mcpTool} testId={`agent-mcp-tool-${agent.id}`} />
                {scope.all ? <WorkspaceBadge workspaceId={agent.workspaceId} /> : null}
              </td>
              <td className="px-4 py-2.5 text-zinc-600">{agent.description}</td>
              <td className="px-4 py-2.5 text-zinc-600">{agent.latestVersion ? `v${agent.latestVersion}` : '—'}</td>
              <td className="px-4 py-2.5 text-zinc-600">
                <LocalTime iso={agent.updatedAt} />
              </td>
            </tr>
          ))}
        </ListTable>
      ) : null}
    </>
  )
}
