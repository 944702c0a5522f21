'use client'

import { useState } from 'react'
import { errorMessage, requestFieldError } from '@/components/api-client'
import { useUpdateAgent } from '@/components/queries/agents'
import { Button } from '@/components/ui/Button'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'

/**
 * The agent's own API key for OpenAI or its OpenAI-compatible server: write-only. Once set the page
 * shows only "Key set", with Replace and Remove; the key itself never comes back from the server.
 */
export function AgentApiKeyField({ agentId, hasApiKey }: { agentId: string; hasApiKey: boolean }) {
  const update = useUpdateAgent(agentId)
  const [editing, setEditing] = useState(false)
  const [key, setKey] = useState('')
  const save = (apiKey: string | null) =>
    update.mutate(
      { apiKey },
      {
        onSuccess: () => {
          setEditing(false)
          setKey('')
        },
      },
    )

  if (hasApiKey && !editing) {
    return (
      <div className="flex flex-col gap-1" data-testid="agent-api-key">
        <span className="text-sm font-medium text-zinc-700">API key</span>
        <div className="flex items-center gap-2 text-sm">
          <span className="text-emerald-700" data-testid="agent-api-key-set">
            Key set
          </span>
          <Button size="sm" data-testid="agent-api-key-replace" onClick={() => setEditing(true)}>
            Replace
          </Button>
          <Button size="sm" variant="danger" data-testid="agent-api-key-remove" disabled={update.isPending} onClick={() => save(null)}>
            Remove
          </Button>
        </div>
        {update.isError && (
          <p role="alert" className="text-xs text-red-600">
            {errorMessage(update.error)}
          </p>
        )}
      </div>
    )
  }
  return (
    <form
      className="flex items-end gap-2"
      data-testid="agent-api-key"
      onSubmit={(event) => {
        event.preventDefault()
        if (key.trim() !== '') save(key.trim())
      }}
    >
      <div className="w-72">
        <Field label="API key (for OpenAI or the base URL)" htmlFor="agent-api-key" error={requestFieldError(update.error, 'apiKey')}>
          <Input
            id="agent-api-key"
            type="password"
            autoComplete="off"
            data-testid="agent-api-key-input"
            value={key}
            placeholder={hasApiKey ? 'A new key' : "Optional: else the server's key (OpenAI only)"}
            onChange={(event) => setKey(event.target.value)}
          />
        </Field>
      </div>
      <Button type="submit" data-testid="agent-api-key-save" disabled={update.isPending || key.trim() === ''}>
        {update.isPending ? 'Saving…' : 'Save key'}
      </Button>
      {hasApiKey && (
        <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      )}
    </form>
  )
}
