'use client'

import { useState, type FormEvent } from 'react'
import { useApiTokensQuery, useCreateApiToken, useRevokeApiToken } from '@/components/queries/accounts'
import { Button, Dialog, Field, Input, LocalTime } from '@/components/ui'
import type { ApiTokenView } from '@/lib/contracts/accounts'
import { FormError } from './FormError'
import { ShownOnceBox } from './ShownOnceBox'
import { errorMessage } from '../api-client'

export function ApiTokensPanel() {
  const tokens = useApiTokensQuery()
  const createToken = useCreateApiToken()
  const revokeToken = useRevokeApiToken()
  const [name, setName] = useState('')
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null)
  // The token made last is shown (once) for as long as the page is.
  const created = createToken.data ? { name: createToken.data.apiToken.name, token: createToken.data.token } : null
  // An action's failure replaces what was shown before it; a load failure shows until the first action.
  const lastAction = revokeToken.submittedAt > createToken.submittedAt ? revokeToken : createToken
  const failure = lastAction.isIdle ? tokens.error : lastAction.error
  const error = failure ? errorMessage(failure) : null

  function create(event: FormEvent) {
    event.preventDefault()
    createToken.mutate(name, { onSuccess: () => setName('') })
  }

  function revoke(token: ApiTokenView) {
    setRevoking(null)
    revokeToken.mutate(token.id)
  }

  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-5" data-testid="api-tokens">
      <h2 className="text-sm font-semibold text-zinc-900">Personal API tokens</h2>
      <p className="mt-1 text-sm text-zinc-600">
        Scripts send a token as <code className="font-mono text-xs">Authorization: Bearer &lt;token&gt;</code> and act with your rights.
      </p>
      <form onSubmit={create} className="mt-4 flex items-end gap-2">
        <div className="w-72">
          <Field label="Token name" htmlFor="token-name">
            <Input
              id="token-name"
              required
              maxLength={100}
              placeholder="e.g. nightly import"
              value={name}
              onChange={(e) => setName(e.target.value)}
              data-testid="token-name"
            />
          </Field>
        </div>
        <Button type="submit" variant="primary" data-testid="token-create">
          Create token
        </Button>
      </form>
      <div className="mt-3 flex flex-col gap-3">
        <FormError message={error} />
        {created ? (
          <ShownOnceBox value={created.token} testId="token-value" warning={`Copy the token “${created.name}” now: it is shown only this once.`} />
        ) : null}
      </div>
      <table className="mt-4 w-full text-left text-sm">
        <thead className="text-xs text-zinc-500">
          <tr>
            <th className="py-1.5 font-medium">Name</th>
            <th className="py-1.5 font-medium">Token</th>
            <th className="py-1.5 font-medium">Created</th>
            <th className="py-1.5 font-medium">Last used</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {tokens.data?.map((token) => (
            <tr key={token.id} className="border-t border-zinc-100" data-testid="token-row">
              <td className="py-2">{token.name}</td>
              <td className="py-2 font-mono text-xs text-zinc-500">{token.prefix}…</td>
              <td className="py-2 text-zinc-600">
                <LocalTime iso={token.createdAt} />
              </td>
              <td className="py-2 text-zinc-600">
                <LocalTime iso={token.lastUsedAt} fallback="never" />
              </td>
              <td className="py-2 text-right">
                <Button size="sm" variant="danger" onClick={() => setRevoking(token)} data-testid="token-revoke">
                  Revoke
                </Button>
              </td>
            </tr>
          ))}
          {tokens.data?.length === 0 ? (
            <tr>
              <td colSpan={5} className="py-3 text-zinc-500">
                No tokens yet.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <Dialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke this token?"
        description={`Scripts using “${revoking?.name ?? ''}” stop working at once.`}
        footer={
          <>
            <Button onClick={() => setRevoking(null)}>Keep it</Button>
            <Button variant="danger" onClick={() => revoking && revoke(revoking)} data-testid="token-revoke-confirm">
              Revoke
            </Button>
          </>
        }
      >
        {null}
      </Dialog>
    </section>
  )
}
