import { Field, Input, Select } from '@/components/ui'
import { MAX_AUTO_SAMPLING_REQUESTS, MAX_AUTO_SAMPLING_TOKENS, type SamplingMode } from '@/lib/contracts/mcp-server-settings'
import type { SettingsErrors, SettingsForm } from './settings-form'

const MODES = [
  { value: 'ask', label: 'Ask each time (an approval card)' },
  { value: 'deny', label: 'Always deny' },
  { value: 'auto', label: 'Approve automatically within caps' },
] as const

const BEYOND = [
  { value: 'ask', label: 'Ask a person' },
  { value: 'deny', label: 'Deny' },
] as const

export interface SamplingPolicyFieldsProps {
  form: SettingsForm
  errors: SettingsErrors
  idPrefix: string
  onChange: (patch: Partial<SettingsForm>) => void
}

/** How the server's requests to the model (sampling) are decided. */
export function SamplingPolicyFields({ form, errors, idPrefix, onChange }: SamplingPolicyFieldsProps) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-zinc-200 p-3">
      <legend className="px-1 text-xs font-semibold text-zinc-700">Sampling (the server asks the model for a completion)</legend>
      <Field label="Policy" htmlFor={`${idPrefix}-sampling-mode`} error={errors.samplingMode}>
        <Select
          id={`${idPrefix}-sampling-mode`}
          data-testid="mcp-settings-sampling-mode"
          options={MODES}
          value={form.samplingMode}
          onChange={(event) => onChange({ samplingMode: event.target.value as SamplingMode })}
        />
      </Field>
      {form.samplingMode === 'auto' ? (
        <div className="grid grid-cols-3 gap-3">
          <Field label="Max tokens per request" htmlFor={`${idPrefix}-max-tokens`} error={errors.maxTokensPerRequest} help={`1–${MAX_AUTO_SAMPLING_TOKENS}`}>
            <Input
              id={`${idPrefix}-max-tokens`}
              data-testid="mcp-settings-max-tokens"
              inputMode="numeric"
              value={form.maxTokensPerRequest}
              onChange={(event) => onChange({ maxTokensPerRequest: event.target.value })}
            />
          </Field>
          <Field label="Max requests per run" htmlFor={`${idPrefix}-max-requests`} error={errors.maxRequestsPerRun} help={`1–${MAX_AUTO_SAMPLING_REQUESTS}`}>
            <Input
              id={`${idPrefix}-max-requests`}
              data-testid="mcp-settings-max-requests"
              inputMode="numeric"
              value={form.maxRequestsPerRun}
              onChange={(event) => onChange({ maxRequestsPerRun: event.target.value })}
            />
          </Field>
          <Field label="Beyond the caps" htmlFor={`${idPrefix}-beyond`} error={errors.beyondCaps}>
            <Select
              id={`${idPrefix}-beyond`}
              data-testid="mcp-settings-beyond-caps"
              options={BEYOND}
              value={form.beyondCaps}
              onChange={(event) => onChange({ beyondCaps: event.target.value as 'ask' | 'deny' })}
            />
          </Field>
        </div>
      ) : null}
    </fieldset>
  )
}
