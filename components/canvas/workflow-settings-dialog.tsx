'use client'

/**
 * Workflow settings that live beside the graph (no new version needed): forwarding each agent
 * turn's conversation to a threat-protection endpoint. Credentials for that endpoint are the
 * server's (environment), never entered here.
 */
import { useId, useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import type { WorkflowSettings } from '@/lib/contracts/workflows'
import { getWorkflow, updateWorkflowSettings } from './api'

export function WorkflowSettingsButton({ workflowId }: { workflowId: string }) {
  const [open, setOpen] = useState(false)
  const [settings, setSettings] = useState<WorkflowSettings>()
  const [error, setError] = useState<string>()
  const [saving, setSaving] = useState(false)
  const endpointId = useId()

  const show = () => {
    setOpen(true)
    setError(undefined)
    getWorkflow(workflowId).then(
      ({ workflow }) => setSettings(workflow.settings),
      (e: unknown) => setError(errorMessage(e)),
    )
  }

  const save = async () => {
    if (!settings) return
    setSaving(true)
    setError(undefined)
    try {
      const forwarding = settings.conversationForwarding
      const endpoint = forwarding.endpoint?.trim() || undefined
      setSettings(await updateWorkflowSettings(workflowId, { conversationForwarding: { ...forwarding, endpoint } }))
      setOpen(false)
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setSaving(false)
    }
  }

  const forwarding = settings?.conversationForwarding
  const update = (patch: Partial<WorkflowSettings['conversationForwarding']>) =>
    setSettings((current) => (current ? { conversationForwarding: { ...current.conversationForwarding, ...patch } } : current))

  return (
    <>
      <Button size="sm" variant="ghost" data-testid="workflow-settings" onClick={show}>
        Settings
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Workflow settings"
        description="Apply to every run of this workflow; no new version is needed."
        footer={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="primary" data-testid="workflow-settings-save" onClick={() => void save()} disabled={!settings || saving}>
              {saving ? 'Saving…' : 'Save settings'}
            </Button>
          </>
        }
      >
        {forwarding ? (
          <div className="flex flex-col gap-3">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                data-testid="settings-forwarding-enabled"
                className="mt-0.5 h-4 w-4 accent-indigo-600"
                checked={forwarding.enabled}
                onChange={(e) => update({ enabled: e.target.checked })}
              />
              <span>
                Forward the conversation to a threat-protection endpoint after each agent turn
                <span className="block text-xs text-zinc-500">Failures are shown in the run&apos;s timeline and never stop the run.</span>
              </span>
            </label>
            <Field label="Endpoint" htmlFor={endpointId} help="Leave empty to use the server's AGENTLOOM_THREAT_PROTECTION_URL. Its token comes from the server's environment.">
              <Input
                id={endpointId}
                data-testid="settings-forwarding-endpoint"
                placeholder="https://…/agents/real-time-threat-protection/chat-message"
                value={forwarding.endpoint ?? ''}
                disabled={!forwarding.enabled}
                onChange={(e) => update({ endpoint: e.target.value })}
              />
            </Field>
          </div>
        ) : (
          !error && <p className="text-sm text-zinc-500">Loading…</p>
        )}
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </Dialog>
    </>
  )
}
