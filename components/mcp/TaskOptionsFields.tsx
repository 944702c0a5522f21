import { Field, Input } from '@/components/ui'
import type { SettingsErrors, SettingsForm } from './settings-form'

export interface TaskOptionsFieldsProps {
  form: SettingsForm
  errors: SettingsErrors
  idPrefix: string
  onChange: (patch: Partial<SettingsForm>) => void
}

const FIELDS = [
  { name: 'ttlSeconds', label: 'Time to live (s)', help: 'Asked of the server for each task; empty: the server decides.', testId: 'mcp-settings-ttl' },
  {
    name: 'pollSeconds',
    label: 'Poll interval (s)',
    help: 'How often to ask for the status (0.5–5 s, never more often than the server asks).',
    testId: 'mcp-settings-poll',
  },
  {
    name: 'maxWaitSeconds',
    label: 'Maximum wait (s)',
    help: 'A task still running after this is cancelled; empty: no limit.',
    testId: 'mcp-settings-max-wait',
  },
] as const

/** Long-running tools (those that run as tasks): time to live, polling, and how long a run waits. */
export function TaskOptionsFields({ form, errors, idPrefix, onChange }: TaskOptionsFieldsProps) {
  return (
    <fieldset className="grid grid-cols-3 gap-3 rounded-md border border-zinc-200 p-3">
      <legend className="px-1 text-xs font-semibold text-zinc-700">Long-running tasks</legend>
      {FIELDS.map((field) => (
        <Field key={field.name} label={field.label} htmlFor={`${idPrefix}-${field.name}`} error={errors[field.name]} help={field.help}>
          <Input
            id={`${idPrefix}-${field.name}`}
            data-testid={field.testId}
            inputMode="decimal"
            value={form[field.name]}
            onChange={(event) => onChange({ [field.name]: event.target.value })}
          />
        </Field>
      ))}
    </fieldset>
  )
}
