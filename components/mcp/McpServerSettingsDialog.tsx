'use client'

import { useId, useState } from 'react'
import { ApiError, errorMessage } from '@/components/api-client'
import { useMcpServerConnectionTest, useMcpServerQuery, useUpdateMcpServer } from '@/components/queries/mcp-servers'
import { Button, Dialog } from '@/components/ui'
import type { McpServerSettings } from '@/lib/contracts/mcp-server-settings'
import type { McpServerSummary } from '@/lib/contracts/mcp-servers'
import { testStateOf } from './connection-test'
import { SamplingPolicyFields } from './SamplingPolicyFields'
import { fieldOfIssuePath, settingsFormOf, settingsRequest, type SettingsErrors, type SettingsForm } from './settings-form'
import { TaskOptionsFields } from './TaskOptionsFields'
import { ToolAccessFields } from './ToolAccessFields'

export interface McpServerSettingsDialogProps {
  server: McpServerSummary
  onClose: () => void
}

/** How the app uses a server once connected: allowed tools, extra argument names, sampling policy, task options. */
export function McpServerSettingsDialog({ server, onClose }: McpServerSettingsDialogProps) {
  const detail = useMcpServerQuery(server.id)
  const settings = detail.data?.server.settings
  return (
    <Dialog open onClose={onClose} title={`Settings of ${server.name}`} description="Applied each time a run connects to the server." size="3xl">
      {settings ? (
        <SettingsEditor serverId={server.id} baseVersion={detail.data!.server.version} settings={settings} onClose={onClose} />
      ) : detail.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(detail.error)}
        </p>
      ) : (
        <p className="text-sm text-zinc-500">Loading…</p>
      )}
    </Dialog>
  )
}

function apiErrors(error: unknown): SettingsErrors {
  if (!(error instanceof ApiError)) return { form: errorMessage(error) }
  const issues = (error.details as { issues?: Array<{ path: string; message: string }> } | undefined)?.issues
  if (!issues?.length) return { form: error.message }
  const errors: SettingsErrors = {}
  for (const issue of issues) errors[fieldOfIssuePath(issue.path)] ??= issue.message
  return errors
}

/** `baseVersion`: the server's version the settings were loaded from (a save replaces exactly it). */
function SettingsEditor({
  serverId,
  baseVersion,
  settings,
  onClose,
}: {
  serverId: string
  baseVersion: number
  settings: McpServerSettings
  onClose: () => void
}) {
  const [base] = useState(baseVersion)
  const ids = useId()
  const [form, setForm] = useState<SettingsForm>(() => settingsFormOf(settings))
  const [errors, setErrors] = useState<SettingsErrors>({})
  const update = useUpdateMcpServer()
  const connectionTest = useMcpServerConnectionTest(serverId)
  const test = testStateOf(connectionTest.latest)
  const tools = test?.status === 'done' && test.result.ok ? test.result.tools : undefined
  const toolsError = test?.status === 'failed' ? test.message : test?.status === 'done' && !test.result.ok ? test.result.error : undefined

  const change = (patch: Partial<SettingsForm>) => {
    setForm((current) => ({ ...current, ...patch }))
    setErrors({})
  }
  const save = () => {
    const built = settingsRequest(form)
    if (!built.ok) {
      setErrors(built.errors)
      return
    }
    update.mutate(
      { id: serverId, patch: { settings: built.settings, baseVersion: base } },
      { onSuccess: onClose, onError: (error) => setErrors(apiErrors(error)) },
    )
  }
  const fields = { form, errors, idPrefix: ids, onChange: change }
  return (
    <div className="flex flex-col gap-4" data-testid="mcp-settings">
      <ToolAccessFields {...fields} tools={tools} loadingTools={test?.status === 'running'} toolsError={toolsError} onLoadTools={connectionTest.run} />
      <SamplingPolicyFields {...fields} />
      <TaskOptionsFields {...fields} />
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700" data-testid="mcp-settings-error">
          {errors.form}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" data-testid="mcp-settings-save" disabled={update.isPending} onClick={save}>
          {update.isPending ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
    </div>
  )
}
