'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import { useRouter } from 'next/navigation'
import { useMemo, useState } from 'react'
import { errorMessage, requestFieldError } from '@/components/api-client'
import { FieldControl } from '@/components/canvas/inspector/FieldControl'
import { FieldProblemsProvider } from '@/components/canvas/inspector/FieldProblemsProvider'
import { AGENT_SETTINGS_SECTIONS, agentSettingsFields, setAt, type FieldPath } from '@/components/canvas/inspector-fields'
import { useAgentQuery, useDeleteAgent, useSaveAgentVersion, useUpdateAgent } from '@/components/queries/agents'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { StaleSaveNotice } from '@/components/ui/StaleSaveNotice'
import { staleVersionOf } from '@/components/stale-version'
import { McpToolFields } from '@/components/mcp-endpoint/McpToolFields'
import { mcpToolChange, mcpToolDraft } from '@/components/mcp-endpoint/mcp-tool-draft'
import type { AgentResponse } from '@/lib/contracts/agents'
import { checkDraft, settingNotes } from './agent-form'
import { CredentialsWorkspaceProvider } from '@/components/credentials/CredentialsWorkspaceProvider'
import { AgentApiKeyField } from './AgentApiKeyField'
import { AgentVersionList } from './AgentVersionList'
import { PublishPanel } from '@/components/publishing/PublishPanel'
import { getAgentVersion } from './agents-api'

const FIELDS = agentSettingsFields()

/** One agent: its name and description, every setting in grouped sections, versions, Chat and Delete. */
export function AgentEditor({ agentId }: { agentId: string }) {
  const agent = useAgentQuery(agentId)
  if (agent.isPending) return <p className="text-sm text-zinc-500">Loading the agent…</p>
  if (agent.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        Could not load the agent: {errorMessage(agent.error)} <IntentLink href="/agents">Back to agents</IntentLink>
      </p>
    )
  }
  // Keyed by agent only: a save refetches the agent, and the form (with its draft and "Saved" note) stays.
  return <LoadedAgentEditor key={agent.data.agent.id} loaded={agent.data} />
}

function LoadedAgentEditor({ loaded }: { loaded: AgentResponse }) {
  const router = useRouter()
  const agentId = loaded.agent.id
  const [draft, setDraft] = useState<Record<string, unknown>>(() => ({ ...(loaded.latestVersion?.definition ?? {}) }))
  const [openedVersion, setOpenedVersion] = useState<number | undefined>(loaded.latestVersion?.version)
  // The newest version this editor knows of: a save replaces exactly it (a refetch of `loaded` must not move it silently).
  const [baseVersion, setBaseVersion] = useState(loaded.latestVersion?.version ?? 0)
  const [note, setNote] = useState('')
  const [name, setName] = useState(loaded.agent.name)
  const [description, setDescription] = useState(loaded.agent.description)
  const [mcpTool, setMcpTool] = useState(() => mcpToolDraft(loaded.agent.mcpTool))
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [saved, setSaved] = useState<number | undefined>()
  const save = useSaveAgentVersion(agentId)
  const update = useUpdateAgent(agentId)
  const remove = useDeleteAgent()
  const check = useMemo(() => checkDraft(draft), [draft])
  const change = (path: FieldPath, value: unknown) => setDraft((current) => setAt(current, path, value))
  const canSave = check.definition !== undefined && check.otherProblems.length === 0 && !save.isPending
  const stale = staleVersionOf(save.error)
  const saveFrom = (base: number) => {
    if (!check.definition) return
    save.mutate(
      { definition: check.definition, note, baseVersion: base },
      {
        onSuccess: (version) => {
          setSaved(version.version)
          setOpenedVersion(version.version)
          setBaseVersion(version.version)
          setNote('')
        },
      },
    )
  }
  const reloadTheirs = async (version: number) => {
    const theirs = await getAgentVersion(agentId, version)
    setDraft({ ...theirs.definition })
    setOpenedVersion(version)
    setBaseVersion(version)
    save.reset()
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <IntentLink href="/agents" className="text-xs text-indigo-600 hover:underline">
            ← Agents
          </IntentLink>
          <h1 className="text-xl font-semibold tracking-tight text-zinc-900" data-testid="agent-title">
            {loaded.agent.name}
          </h1>
          <p className="text-sm text-zinc-600">
            {openedVersion ? `Editing from version ${openedVersion}` : 'No version yet'}
            {loaded.latestVersion && openedVersion !== loaded.latestVersion.version ? ` (latest is ${loaded.latestVersion.version})` : ''}
          </p>
        </div>
        <div className="flex gap-2">
          <IntentLink
            href={`/agents/${encodeURIComponent(agentId)}/chat`}
            data-testid="agent-chat"
            className="inline-flex h-9 items-center rounded-md bg-indigo-600 px-3 text-sm font-medium text-white hover:bg-indigo-500"
          >
            Chat
          </IntentLink>
          <Button variant="danger" data-testid="delete-agent" onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        </div>
      </div>

      <section className="flex flex-wrap items-end gap-3 rounded-lg border border-zinc-200 bg-white p-4" aria-label="Details">
        <div className="w-64">
          <Field label="Agent name" htmlFor="agent-name" error={requestFieldError(update.error, 'name')}>
            <Input id="agent-name" data-testid="agent-name" value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
        </div>
        <div className="min-w-64 flex-1">
          <Field label="Description" htmlFor="agent-description" error={requestFieldError(update.error, 'description')}>
            <Input id="agent-description" data-testid="agent-description" value={description} onChange={(e) => setDescription(e.target.value)} />
          </Field>
        </div>
        <div className="w-full">
          <McpToolFields
            subjectName={name}
            kind="agent"
            value={mcpTool}
            onChange={setMcpTool}
            error={requestFieldError(update.error, 'mcpTool.name')}
            testIdPrefix="agent"
          />
        </div>
        <Button
          data-testid="save-details"
          disabled={update.isPending}
          onClick={() => update.mutate({ name, description, mcpTool: mcpToolChange(loaded.agent.mcpTool, mcpTool) })}
        >
          {update.isPending ? 'Saving…' : 'Save details'}
        </Button>
        {update.isSuccess ? <span className="text-xs text-emerald-700">Saved.</span> : null}
        <AgentApiKeyField agentId={agentId} hasApiKey={loaded.agent.hasApiKey} />
      </section>

      <div className="grid gap-5 lg:grid-cols-[1fr_18rem]">
        <FieldProblemsProvider problems={check.fieldProblems}>
          <CredentialsWorkspaceProvider workspaceId={loaded.agent.workspaceId}>
            <div className="flex flex-col gap-4">
              {AGENT_SETTINGS_SECTIONS.map((section) => (
                <fieldset key={section} className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4" data-testid={`agent-section-${section}`}>
                  <legend className="px-1 text-sm font-semibold text-zinc-800">{section}</legend>
                  {FIELDS.filter((field) => field.section === section).map((field) => (
                    <FieldControl key={field.id} field={field} data={draft} onChange={change} testIdPrefix="agent" />
                  ))}
                </fieldset>
              ))}
            </div>
          </CredentialsWorkspaceProvider>
        </FieldProblemsProvider>

        <aside className="flex flex-col gap-4">
          <form
            className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-4"
            onSubmit={(e) => {
              e.preventDefault()
              saveFrom(baseVersion)
            }}
          >
            <Field label="What changed" htmlFor="version-note" error={requestFieldError(save.error, 'note')}>
              <Input
                id="version-note"
                data-testid="version-note"
                value={note}
                onChange={(e) => setNote(e.target.value)}
                placeholder="A note for this version"
              />
            </Field>
            {settingNotes(draft).map((note) => (
              <p key={note} className="text-xs text-amber-700" data-testid="agent-setting-note">
                {note}
              </p>
            ))}
            {check.otherProblems.map((problem, index) => (
              <p key={index} role="alert" className="text-xs text-red-600">
                {problem.message}
              </p>
            ))}
            {check.fieldProblems.length > 0 ? <p className="text-xs text-red-600">Fix the fields marked above to save.</p> : null}
            <Button type="submit" variant="primary" data-testid="save-version" disabled={!canSave}>
              {save.isPending ? 'Saving…' : 'Save as new version'}
            </Button>
            {stale ? (
              <StaleSaveNotice
                current={stale}
                what="agent"
                busy={save.isPending}
                onOverwrite={() => saveFrom(stale.version)}
                onReload={() => void reloadTheirs(stale.version)}
              />
            ) : save.isError ? (
              <p role="alert" className="text-xs text-red-600">
                Could not save: {errorMessage(save.error)}
              </p>
            ) : null}
            {saved && !save.isPending && !save.isError ? (
              <p className="text-xs text-emerald-700" data-testid="version-saved">
                Saved as version {saved}.
              </p>
            ) : null}
          </form>
          <AgentVersionList
            agentId={agentId}
            opened={openedVersion}
            onOpen={(version) => {
              setDraft({ ...version.definition })
              setOpenedVersion(version.version)
            }}
          />
          <PublishPanel target={{ kind: 'agent', id: agentId }} />
        </aside>
      </div>

      <Dialog
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={`Delete ${loaded.agent.name}?`}
        description="Its versions and conversations are deleted too. Workflows that use it will fail at start."
        footer={
          <>
            <Button onClick={() => setConfirmDelete(false)}>Cancel</Button>
            <Button
              variant="danger"
              data-testid="confirm-delete-agent"
              disabled={remove.isPending}
              onClick={() => remove.mutate(agentId, { onSuccess: () => router.push('/agents') })}
            >
              {remove.isPending ? 'Deleting…' : 'Delete agent'}
            </Button>
          </>
        }
      >
        {remove.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Could not delete: {errorMessage(remove.error)}
          </p>
        ) : null}
      </Dialog>
    </div>
  )
}
