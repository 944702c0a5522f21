'use client'

import { useState, type FormEvent } from 'react'
import { errorMessage } from '@/components/api-client'
import { useCreateCredential, useCredentialsQuery } from '@/components/queries/credentials'
import { Button, Field, Input, Select } from '@/components/ui'
import { useCurrentWorkspace } from '@/components/workspaces/CurrentWorkspaceProvider'
import { canEdit } from '@/components/workspaces/current-workspace'
import { CREDENTIAL_PROVIDER_LABELS, CREDENTIAL_PROVIDERS, type CreateCredentialRequest, type CredentialProvider } from '@/lib/contracts/provider-credentials'
import { DEFAULT_AZURE_OPENAI_API_VERSION } from '@/lib/graph/agent-settings'
import { CredentialRow } from './CredentialRow'

const PROVIDER_OPTIONS = CREDENTIAL_PROVIDERS.map((value) => ({ value, label: CREDENTIAL_PROVIDER_LABELS[value] }))

/**
 * A workspace's model credentials (issue #32): provider API keys agents choose by name. Owners and editors add,
 * replace and delete them; the others see the names. A key is written once and never shown again (its last 4 characters are).
 */
export function ModelCredentialsSettings({ workspaceId }: { workspaceId: string }) {
  const credentials = useCredentialsQuery(workspaceId)
  const manage = canEdit(useCurrentWorkspace().byId(workspaceId)?.role)
  return (
    <section className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-4" data-testid="model-credentials">
      {credentials.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load the credentials: {errorMessage(credentials.error)}
        </p>
      ) : !credentials.data ? (
        <p className="text-sm text-zinc-500">Loading credentials…</p>
      ) : credentials.data.length === 0 ? (
        <p className="text-sm text-zinc-600">No credentials yet: agents use the server’s keys, or their own.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-zinc-100">
          {credentials.data.map((credential) => (
            <CredentialRow key={credential.id} workspaceId={workspaceId} credential={credential} manage={manage} />
          ))}
        </ul>
      )}
      {manage ? <AddCredentialForm workspaceId={workspaceId} /> : null}
    </section>
  )
}

function AddCredentialForm({ workspaceId }: { workspaceId: string }) {
  const [name, setName] = useState('')
  const [provider, setProvider] = useState<CredentialProvider>('openai')
  const [apiKey, setApiKey] = useState('')
  const [baseUrl, setBaseUrl] = useState('')
  const [endpoint, setEndpoint] = useState('')
  const [apiVersion, setApiVersion] = useState(DEFAULT_AZURE_OPENAI_API_VERSION)
  const create = useCreateCredential(workspaceId)
  // Azure OpenAI names its resource's endpoint and an API version instead of a base URL.
  const azure = provider === 'azure_openai'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body: CreateCredentialRequest = azure
      ? { name, provider, apiKey, endpoint: endpoint.trim(), apiVersion: apiVersion.trim() }
      : { name, provider, apiKey, baseUrl: baseUrl.trim() }
    create.mutate(body, {
      onSuccess: () => {
        setName('')
        setApiKey('')
        setBaseUrl('')
        setEndpoint('')
        setApiVersion(DEFAULT_AZURE_OPENAI_API_VERSION)
      },
    })
  }
  return (
    <form onSubmit={submit} className="grid grid-cols-1 gap-3 border-t border-zinc-100 pt-4 sm:grid-cols-2" aria-label="Add a credential">
      <Field label="Name" htmlFor="credential-name">
        <Input id="credential-name" data-testid="credential-name" value={name} onChange={(event) => setName(event.target.value)} placeholder="Team OpenAI" />
      </Field>
      <Field label="Provider" htmlFor="credential-provider">
        <Select
          id="credential-provider"
          data-testid="credential-provider"
          options={PROVIDER_OPTIONS}
          value={provider}
          onChange={(event) => setProvider(event.target.value as CredentialProvider)}
        />
      </Field>
      <Field label="API key" htmlFor="credential-key" help="Sealed when saved; only its last 4 characters are shown again.">
        <Input
          id="credential-key"
          data-testid="credential-key"
          type="password"
          autoComplete="off"
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
        />
      </Field>
      {azure ? (
        <>
          <Field
            label="Endpoint"
            htmlFor="credential-endpoint"
            help="The resource’s URL (Keys and Endpoint in the Azure portal). The key is only ever sent here."
          >
            <Input
              id="credential-endpoint"
              data-testid="credential-endpoint"
              value={endpoint}
              onChange={(event) => setEndpoint(event.target.value)}
              placeholder="https://my-resource.openai.azure.com/"
            />
          </Field>
          <Field label="API version" htmlFor="credential-api-version" help="Agents using this credential name their deployment as the model.">
            <Input
              id="credential-api-version"
              data-testid="credential-api-version"
              value={apiVersion}
              onChange={(event) => setApiVersion(event.target.value)}
              placeholder={DEFAULT_AZURE_OPENAI_API_VERSION}
            />
          </Field>
        </>
      ) : (
        <Field label="Base URL (optional)" htmlFor="credential-base-url" help="Empty: the provider’s own endpoint. The key is only ever sent here.">
          <Input
            id="credential-base-url"
            data-testid="credential-base-url"
            value={baseUrl}
            onChange={(event) => setBaseUrl(event.target.value)}
            placeholder="https://api.example.com/v1"
          />
        </Field>
      )}
      <div className="flex items-center gap-2 sm:col-span-2">
        <Button
          type="submit"
          size="sm"
          variant="primary"
          disabled={create.isPending || !name.trim() || !apiKey.trim() || (azure && (!endpoint.trim() || !apiVersion.trim()))}
          data-testid="add-credential"
        >
          {create.isPending ? 'Adding…' : 'Add credential'}
        </Button>
        {create.error ? (
          <span role="alert" className="text-xs text-red-600">
            {errorMessage(create.error)}
          </span>
        ) : null}
      </div>
    </form>
  )
}
