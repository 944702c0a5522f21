'use client'

/**
 * Workflow settings that live beside the graph (no new version needed): the most steps a run may
 * take, when its runs commit their progress (durability, lib/contracts/durability.ts), and forwarding each agent turn's conversation to a threat-protection endpoint. Credentials for that endpoint are the
 * server's (environment), never entered here.
 */
import { useId, useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useSaveWorkflowSettings, useWorkflowSettingsQuery } from '@/components/queries/workflows'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { Select } from '@/components/ui/Select'
import { DURABILITY_LABELS, DURABILITY_MODES, durabilityOf, type DurabilityMode } from '@/lib/contracts/durability'
import type { WorkflowSettings } from '@/lib/contracts/workflows'
import { MAX_SUPERSTEPS_LIMIT } from '@/lib/graph/superstep-budget'

type Forwarding = WorkflowSettings['conversationForwarding']

const DURABILITY_CHOICES: readonly { value: DurabilityMode; label: string }[] = DURABILITY_MODES.map((value) => ({ value, label: DURABILITY_LABELS[value] }))

export function WorkflowSettingsButton({ workflowId }: { workflowId: string }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button size="sm" variant="ghost" data-testid="workflow-settings" onClick={() => setOpen(true)}>
        Settings
      </Button>
      {/* Mounted only while open: each opening loads the settings afresh and edits a new copy. */}
      {open ? <WorkflowSettingsDialog workflowId={workflowId} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

function WorkflowSettingsDialog({ workflowId, onClose }: { workflowId: string; onClose: () => void }) {
  const loaded = useWorkflowSettingsQuery(workflowId)
  const saveSettings = useSaveWorkflowSettings(workflowId)
  // The person's edits; until the first one, the form shows the settings as loaded.
  const [edited, setEdited] = useState<WorkflowSettings>()
  const settings = edited ?? loaded.data
  const forwarding = settings?.conversationForwarding
  // Typed as text so that an empty or half-typed field can be shown; checked before saving.
  const [maxStepsText, setMaxStepsText] = useState<string>()
  const maxStepsShown = maxStepsText ?? (settings ? String(settings.maxSupersteps) : '')
  const maxSteps = Number(maxStepsShown)
  const maxStepsValid = /^\d+$/.test(maxStepsShown.trim()) && maxSteps >= 1 && maxSteps <= MAX_SUPERSTEPS_LIMIT
  const error = saveSettings.error ?? loaded.error
  const endpointId = useId()
  const maxStepsId = useId()
  const durabilityId = useId()

  const update = (patch: Partial<Forwarding>) => settings && forwarding && setEdited({ ...settings, conversationForwarding: { ...forwarding, ...patch } })
  const save = () => {
    if (!settings || !forwarding || !maxStepsValid) return
    const endpoint = forwarding.endpoint?.trim() || undefined
    saveSettings.mutate({ ...settings, conversationForwarding: { ...forwarding, endpoint }, maxSupersteps: maxSteps }, { onSuccess: onClose })
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title="Workflow settings"
      description="Apply to every run of this workflow; no new version is needed."
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" data-testid="workflow-settings-save" onClick={save} disabled={!forwarding || !maxStepsValid || saveSettings.isPending}>
            {saveSettings.isPending ? 'Saving…' : 'Save settings'}
          </Button>
        </>
      }
    >
      {forwarding ? (
        <div className="flex flex-col gap-3">
          <Field
            label="Max steps"
            htmlFor={maxStepsId}
            help={`How many steps a run may take before it is stopped (each node on a path is a step): 1 to ${MAX_SUPERSTEPS_LIMIT.toLocaleString('en-US')}.`}
            error={maxStepsValid ? undefined : `Enter a whole number from 1 to ${MAX_SUPERSTEPS_LIMIT.toLocaleString('en-US')}.`}
          >
            <Input
              id={maxStepsId}
              data-testid="settings-max-steps"
              inputMode="numeric"
              value={maxStepsShown}
              onChange={(e) => setMaxStepsText(e.target.value)}
            />
          </Field>
          <Field
            label="Save progress"
            htmlFor={durabilityId}
            help="When a run commits what it did. Each step: a crash repeats at most the step running. While the next step runs: faster; a crash may repeat one step more. Once, at the end: fastest; a crash restarts the run. Waiting for a person always saves."
          >
            <Select
              id={durabilityId}
              data-testid="settings-durability"
              value={durabilityOf(settings?.durability)}
              onChange={(e) => settings && setEdited({ ...settings, durability: durabilityOf(e.target.value) })}
              options={DURABILITY_CHOICES}
            />
          </Field>
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
          <Field
            label="Endpoint"
            htmlFor={endpointId}
            help="Leave empty to use the server's AGENTLOOM_THREAT_PROTECTION_URL. Its token comes from the server's environment."
          >
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
          {errorMessage(error)}
        </p>
      ) : null}
    </Dialog>
  )
}
