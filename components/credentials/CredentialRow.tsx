'use client'

import { useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useDeleteCredential, useUpdateCredential } from '@/components/queries/credentials'
import { Badge, Button, Input } from '@/components/ui'
import { CREDENTIAL_PROVIDER_LABELS, type CredentialView } from '@/lib/contracts/provider-credentials'

export interface CredentialRowProps {
  workspaceId: string
  credential: CredentialView
  /** Owners and editors replace keys and delete. */
  manage: boolean
}

/** One model credential: its name, provider, address and key's last 4 characters; replace its key, or delete it after confirming. */
export function CredentialRow({ workspaceId, credential, manage }: CredentialRowProps) {
  const [replacing, setReplacing] = useState(false)
  const [newKey, setNewKey] = useState('')
  const update = useUpdateCredential(workspaceId)
  const remove = useDeleteCredential(workspaceId)
  const error = update.error ?? remove.error
  const replace = () =>
    update.mutate(
      { id: credential.id, apiKey: newKey, baseVersion: credential.version },
      {
        onSuccess: () => {
          setReplacing(false)
          setNewKey('')
        },
      },
    )
  return (
    <li className="flex flex-col gap-2 py-3" data-testid="credential-row">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-zinc-900">{credential.name}</span>
        <Badge>{CREDENTIAL_PROVIDER_LABELS[credential.provider]}</Badge>
        {credential.keyLast4 ? <span className="font-mono text-xs text-zinc-500">…{credential.keyLast4}</span> : null}
        {credential.baseUrl ? <span className="truncate font-mono text-xs text-zinc-500">{credential.baseUrl}</span> : null}
        {credential.endpoint ? (
          <span className="truncate font-mono text-xs text-zinc-500" data-testid="credential-endpoint-shown">
            {credential.endpoint}
            {credential.apiVersion ? ` · api-version ${credential.apiVersion}` : ''}
          </span>
        ) : null}
        {manage ? (
          <span className="ml-auto flex gap-1">
            <Button size="sm" variant="ghost" onClick={() => setReplacing((open) => !open)} data-testid="replace-credential-key">
              Replace key
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={remove.isPending}
              data-testid="delete-credential"
              onClick={() => {
                if (window.confirm(`Delete the credential "${credential.name}"? Agents that chose it fail to run until another is chosen.`))
                  remove.mutate(credential.id)
              }}
            >
              Delete
            </Button>
          </span>
        ) : null}
      </div>
      {replacing ? (
        <div className="flex items-center gap-2">
          <Input
            aria-label={`New key for ${credential.name}`}
            type="password"
            autoComplete="off"
            value={newKey}
            onChange={(event) => setNewKey(event.target.value)}
            data-testid="new-credential-key"
          />
          <Button size="sm" variant="primary" disabled={!newKey.trim() || update.isPending} onClick={replace} data-testid="save-credential-key">
            Save key
          </Button>
        </div>
      ) : null}
      {error ? (
        <span role="alert" className="text-xs text-red-600">
          {errorMessage(error)}
        </span>
      ) : null}
    </li>
  )
}
