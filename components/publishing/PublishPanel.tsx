'use client'

import { useId, useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useCreatePublication, usePublicationsQuery, useRevokePublication } from '@/components/queries/publications'
import { Panel } from '@/components/runs/Panel'
import { useNow } from '@/components/runs/use-now'
import { EXPIRY_CHOICES, absoluteShareUrl, parseFrameOrigins, shareLinkState, type ShareLinkState } from '@/components/share/share-links'
import { Badge, Button, Input, Select, type BadgeTone } from '@/components/ui'
import { LocalTime } from '@/components/ui/LocalTime'
import type { CreatedPublication, PublicationView } from '@/lib/contracts/publications'
import { widgetSnippet, type PublishTarget } from './publications-api'

const STATE_BADGE: Record<ShareLinkState, { label: string; tone: BadgeTone }> = {
  active: { label: 'Live', tone: 'success' },
  expired: { label: 'Expired', tone: 'neutral' },
  revoked: { label: 'Revoked', tone: 'neutral' },
}

/**
 * Publish an agent or a workflow to people without an account (issue #32): an agent's chat link and a widget for other
 * sites (with the sites allowed to embed it), a workflow's form link; a rate limit per visitor and a daily token budget;
 * what each used today; revoke.
 */
export function PublishPanel({ target }: { target: PublishTarget }) {
  const ids = { expiry: useId(), rate: useId(), budget: useId(), origins: useId() }
  const publications = usePublicationsQuery(target)
  const create = useCreatePublication(target)
  const revoke = useRevokePublication(target)
  const agent = target.kind === 'agent'
  const [expiry, setExpiry] = useState('')
  const [rate, setRate] = useState('20')
  const [budget, setBudget] = useState('100000')
  const [origins, setOrigins] = useState('')
  const now = useNow(30_000)
  const lastAction = revoke.submittedAt > create.submittedAt ? revoke : create
  const error = lastAction.isIdle ? publications.error : lastAction.error

  const publish = () =>
    create.mutate({
      expiresInHours: expiry ? Number(expiry) : undefined,
      rateLimitPerMinute: Number(rate),
      dailyTokenBudget: Number(budget),
      ...(agent ? { allowedOrigins: parseFrameOrigins(origins) } : {}),
    })

  return (
    <Panel title="Publish" data-testid="publish-panel" bodyClassName="flex flex-col gap-3">
      <p className="text-xs text-zinc-500">
        {agent
          ? "A public link lets anyone who has it chat with this agent, without an account. Their conversations appear among this agent's, marked published."
          : "A public link lets anyone who has it fill in this workflow's form and see its output, without an account. Their runs appear among this workflow's, started from a public form."}
      </p>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.expiry} className="text-xs font-medium text-zinc-600">
          Expiry
        </label>
        <Select id={ids.expiry} value={expiry} onChange={(event) => setExpiry(event.target.value)} options={EXPIRY_CHOICES} />
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.rate} className="text-xs font-medium text-zinc-600">
            Requests a minute per visitor
          </label>
          <Input id={ids.rate} data-testid="publish-rate" type="number" min={1} max={600} value={rate} onChange={(event) => setRate(event.target.value)} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.budget} className="text-xs font-medium text-zinc-600">
            Tokens a day
          </label>
          <Input id={ids.budget} data-testid="publish-budget" type="number" min={1} value={budget} onChange={(event) => setBudget(event.target.value)} />
        </div>
      </div>
      {agent ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.origins} className="text-xs font-medium text-zinc-600">
            Sites that may embed the widget
          </label>
          <Input
            id={ids.origins}
            data-testid="publish-origins"
            placeholder="https://shop.example.com"
            value={origins}
            onChange={(event) => setOrigins(event.target.value)}
          />
          <span className="text-[11px] text-zinc-500">Empty: the chat works as a link only. Several: separate them with commas.</span>
        </div>
      ) : null}
      <Button variant="primary" data-testid="publish-create" disabled={create.isPending} onClick={publish}>
        {create.isPending ? 'Publishing…' : 'Create public link'}
      </Button>

      {create.data ? <CreatedPublicationView created={create.data} widget={agent} /> : null}
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-700">
          {errorMessage(error)}
        </p>
      ) : null}

      {publications.data && publications.data.length > 0 ? (
        <ul className="flex flex-col divide-y divide-zinc-100 rounded-md border border-zinc-200" aria-label="Public links" data-testid="publications">
          {publications.data.map((publication) => (
            <PublicationRow
              key={publication.id}
              publication={publication}
              state={now === null ? (publication.revokedAt ? 'revoked' : 'active') : shareLinkState(publication, now)}
              onRevoke={() => revoke.mutate(publication.id)}
            />
          ))}
        </ul>
      ) : publications.data ? (
        <p className="text-xs text-zinc-500">Not published.</p>
      ) : null}
    </Panel>
  )
}

function PublicationRow({ publication, state, onRevoke }: { publication: PublicationView; state: ShareLinkState; onRevoke: () => void }) {
  return (
    <li className="flex flex-col gap-1 px-3 py-2 text-xs" data-testid="publication" data-state={state}>
      <div className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Badge tone={STATE_BADGE[state].tone}>{STATE_BADGE[state].label}</Badge>
          <span className="text-zinc-500">
            created <LocalTime iso={publication.createdAt} />
          </span>
        </div>
        {state === 'active' ? (
          <Button size="sm" variant="danger" data-testid="publication-revoke" onClick={onRevoke}>
            Revoke
          </Button>
        ) : null}
      </div>
      <p className="text-zinc-600" data-testid="publication-usage">
        Today: {publication.tokensToday.toLocaleString()} of {publication.dailyTokenBudget.toLocaleString()} tokens, {usedToday(publication)}
      </p>
      <p className="text-zinc-500">
        {publication.rateLimitPerMinute} requests a minute per visitor
        {publication.allowedOrigins.length ? `; embeddable by ${publication.allowedOrigins.join(', ')}` : ''}
        {publication.expiresAt ? (
          <>
            ; {state === 'expired' ? 'expired' : 'expires'} <LocalTime iso={publication.expiresAt} />
          </>
        ) : null}
      </p>
    </li>
  )
}

/** An agent's conversations or a workflow's submitted forms today. */
function usedToday(publication: PublicationView): string {
  if (publication.workflowId !== null) return `${publication.runsToday} ${publication.runsToday === 1 ? 'run' : 'runs'}`
  return `${publication.conversationsToday} ${publication.conversationsToday === 1 ? 'conversation' : 'conversations'}`
}

function CreatedPublicationView({ created, widget }: { created: CreatedPublication; widget: boolean }) {
  const origin = window.location.origin
  const url = absoluteShareUrl(created.url, origin)
  return (
    <div className="flex flex-col gap-2 rounded-md border border-indigo-200 bg-indigo-50/60 p-3">
      <p className="text-xs font-medium text-indigo-900">{widget ? 'Copy these now' : 'Copy it now'}: the link is shown only once.</p>
      <CopyLine label="Link" testId="publish-url" text={url} />
      {widget ? <CopyLine label="Widget" testId="publish-snippet" text={widgetSnippet(origin, created.token)} /> : null}
    </div>
  )
}

function CopyLine({ label, testId, text }: { label: string; testId: string; text: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied('yes')
    } catch {
      // Clipboard access can be refused (insecure origin, permissions): the text can still be selected.
      setCopied('failed')
    }
  }
  return (
    <div className="flex items-center gap-2">
      <span className="w-12 shrink-0 text-[11px] font-medium text-zinc-600">{label}</span>
      <code
        data-testid={testId}
        className="min-w-0 flex-1 rounded bg-white px-2 py-1.5 font-mono text-[11px] break-all text-zinc-800 select-all ring-1 ring-indigo-100"
      >
        {text}
      </code>
      <Button size="sm" onClick={() => void copy()} aria-label={`Copy the ${label.toLowerCase()}`}>
        {copied === 'yes' ? 'Copied' : copied === 'failed' ? 'Select it' : 'Copy'}
      </Button>
    </div>
  )
}
