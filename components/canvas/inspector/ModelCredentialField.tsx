'use client'

import { useCredentialsWorkspaceId } from '@/components/credentials/CredentialsWorkspaceProvider'
import { useCredentialsQuery } from '@/components/queries/credentials'
import { Field } from '@/components/ui/Field'
import { Select } from '@/components/ui/Select'
import { useCurrentWorkspaceId } from '@/components/workspaces/CurrentWorkspaceProvider'
import { CREDENTIAL_PROVIDER_LABELS, type CredentialView } from '@/lib/contracts/provider-credentials'
import { useEditorAccess } from '../EditorWorkspaceProvider'

export interface ModelCredentialFieldProps {
  id: string
  label: string
  help?: string
  testId: string
  value: string
  /** The credential chosen ('' for the server's default keys), with it when one is. */
  onChange: (credentialId: string, credential: CredentialView | undefined) => void
}

/**
 * An agent's model credential: one of the workflow's (or, on the Agents page, the current) workspace's credentials,
 * or the server's default keys. A credential that is not in the list (deleted, or another workspace's) stays shown,
 * so that the save check can say what is wrong with it.
 */
export function ModelCredentialField({ id, label, help, testId, value, onChange }: ModelCredentialFieldProps) {
  const current = useCurrentWorkspaceId()
  const editor = useEditorAccess().workspaceId
  const workspaceId = useCredentialsWorkspaceId() ?? editor ?? current
  const credentials = useCredentialsQuery(workspaceId)
  const listed = credentials.data ?? []
  const options = [
    { value: '', label: 'Server default' },
    ...listed.map((credential) => ({ value: credential.id, label: `${credential.name} · ${CREDENTIAL_PROVIDER_LABELS[credential.provider]}` })),
    ...(value && !listed.some((credential) => credential.id === value)
      ? [{ value, label: credentials.isPending ? 'Loading…' : `Unknown credential (${value})` }]
      : []),
  ]
  return (
    <Field label={label} htmlFor={id} help={help}>
      <Select
        id={id}
        data-testid={testId}
        options={options}
        value={value}
        onChange={(event) =>
          onChange(
            event.target.value,
            listed.find((credential) => credential.id === event.target.value),
          )
        }
      />
    </Field>
  )
}
