'use client'

import { useId, useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useProviderModelsQuery } from '@/components/queries/credentials'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'

/**
 * The provider as the model list knows it: OpenAI's two APIs list the same models; the demo model lists none, and nor
 * does Azure OpenAI (its deployments are listed only by the Azure management API, which an API key does not open).
 */
function listProvider(provider: unknown): string | undefined {
  if (provider === 'openai' || provider === 'openai_chat' || provider === 'default') return 'openai'
  if (provider === 'anthropic' || provider === 'gemini' || provider === 'ollama') return provider
  return undefined
}

export interface ModelNameFieldProps {
  id: string
  label: string
  help?: string
  error?: string
  testId: string
  placeholder?: string
  value: string
  /** The agent's model settings: which provider, credential and base URL to ask for the list. */
  model: { provider?: unknown; credentialId?: unknown; baseUrl?: unknown } | undefined
  onChange: (model: string) => void
}

/** The model's name, typed freely, with the models its provider lists (asked once the field is first focused). */
export function ModelNameField({ id, label, help, error, testId, placeholder, value, model, onChange }: ModelNameFieldProps) {
  const listId = useId()
  const [asked, setAsked] = useState(false)
  const credentialId = typeof model?.credentialId === 'string' && model.credentialId ? model.credentialId : undefined
  const baseUrl = typeof model?.baseUrl === 'string' && model.baseUrl ? model.baseUrl : undefined
  const provider = listProvider(model?.provider)
  // An Azure OpenAI agent names its deployment, not a model.
  const shownPlaceholder = model?.provider === 'azure_openai' ? 'Deployment name' : placeholder
  const models = useProviderModelsQuery({ provider: provider ?? 'openai', credentialId, baseUrl }, asked && provider !== undefined)
  const listed = models.data?.ok ? models.data.models : []
  const note = !asked || !provider ? help : models.isPending ? 'Loading models…' : models.error ? errorMessage(models.error) : (models.data?.error ?? help)
  return (
    <Field label={label} htmlFor={id} help={note} error={error}>
      <Input
        id={id}
        data-testid={testId}
        aria-invalid={error ? true : undefined}
        list={listId}
        value={value}
        placeholder={shownPlaceholder}
        onFocus={() => setAsked(true)}
        onChange={(event) => onChange(event.target.value)}
      />
      <datalist id={listId} data-testid={`${testId}-options`}>
        {listed.map((each) => (
          <option key={each.id} value={each.id}>
            {each.displayName ?? each.id}
          </option>
        ))}
      </datalist>
    </Field>
  )
}
