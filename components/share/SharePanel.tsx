'use client'

import { useId, useState } from 'react'
import { Badge, Button, Input, Select, type BadgeTone } from '@/components/ui'
import { errorMessage } from '@/components/api-client'
import { useCreateShareLink, useRevokeShareLink, useShareLinksQuery } from '@/components/queries/share-links'
import { LocalTime } from '@/components/ui/LocalTime'
import { Panel } from '@/components/runs/Panel'
import { useNow } from '@/components/runs/use-now'
import { EXPIRY_CHOICES, absoluteShareUrl, parseFrameOrigins, shareLinkState, type ShareLinkState } from './share-links'

const STATE_BADGE: Record<ShareLinkState, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'neutral' },
  revoked: { label: 'Revoked', tone: 'neutral' },
}

/** Create, copy and revoke read-only links to a run. */
export function SharePanel({ runId }: { runId: string }) {
  const expiryId = useId()
  const frameOriginsId = useId()
  const links = useShareLinksQuery(runId)
  const create = useCreateShareLink(runId)
  const revoke = useRevokeShareLink(runId)
  const [expiry, setExpiry] = useState<string>('')
  const [includeInstructions, setIncludeInstructions] = useState(false)
  const [frameOrigins, setFrameOrigins] = useState('')
  const now = useNow(30_000)

  // The link made last is shown (once) until it is revoked.
  const createdLink = create.data
  const created = createdLink && !links.data?.some((link) => link.id === createdLink.shareLink.id && link.revokedAt) ? createdLink : undefined
  // An action's error replaces what was shown before it; a load error shows until the first action.
  const lastAction = revoke.submittedAt > create.submittedAt ? revoke : create
  const error = lastAction.isIdle ? links.error : lastAction.error

  const createLink = () =>
    create.mutate({ expiresInHours: expiry ? Number(expiry) : undefined, includeInstructions, frameOrigins: parseFrameOrigins(frameOrigins) })

  return (
    <Panel title="Share" data-testid="share-panel" bodyClassName="flex flex-col gap-3">
      <p className="text-xs text-zinc-500">A share link shows this run read-only (graph, timeline, output) to anyone who has it.</p>
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={expiryId} className="text-xs font-medium text-zinc-600">
            Expiry
          </label>
          <Select id={expiryId} value={expiry} onChange={(event) => setExpiry(event.target.value)} options={EXPIRY_CHOICES} />
        </div>
        <Button variant="primary" data-testid="share-create" disabled={create.isPending} onClick={createLink}>
          {create.isPending ? 'Creating…' : 'Create link'}
        </Button>
      </div>
      <label className="flex items-start gap-2 text-xs text-zinc-700">
        <input
          type="checkbox"
          data-testid="share-include-instructions"
          className="mt-0.5 h-4 w-4 accent-indigo-600"
          checked={includeInstructions}
          onChange={(event) => setIncludeInstructions(event.target.checked)}
        />
        <span>
          Include agent instructions
          <span className="block text-zinc-500">Off: the shared page leaves out every agent&apos;s instructions.</span>
        </span>
      </label>
      <div className="flex flex-col gap-1">
        <label htmlFor={frameOriginsId} className="text-xs font-medium text-zinc-600">
          Sites that may embed it
        </label>
        <Input
          id={frameOriginsId}
          data-testid="share-frame-origins"
          placeholder="https://wiki.example.com"
          value={frameOrigins}
          onChange={(event) => setFrameOrigins(event.target.value)}
        />
        <span className="text-[11px] text-zinc-500">Empty: no other site can show the page in a frame. Several: separate them with commas.</span>
      </div>

      {created ? <CreatedLink url={absoluteShareUrl(created.url, window.location.origin)} /> : null}
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-xs text-red-700">
          {errorMessage(error)}
        </p>
      ) : null}

      {links.data && links.data.length > 0 ? (
        <ul className="flex flex-col divide-y divide-zinc-100 rounded-md border border-zinc-200" aria-label="Share links" data-testid="share-links">
          {links.data.map((link) => {
            const state = now === null ? (link.revokedAt ? 'revoked' : 'active') : shareLinkState(link, now)
            return (
              <li key={link.id} className="flex items-center justify-between gap-2 px-3 py-2 text-xs" data-testid="share-link" data-state={state}>
                <div className="min-w-0">
                  <div className="flex items-center gap-2">
                    <Badge tone={STATE_BADGE[state].tone}>{STATE_BADGE[state].label}</Badge>
                    {link.includeInstructions ? <span className="text-zinc-500">with instructions</span> : null}
                    {link.frameOrigins.length ? <span className="text-zinc-500">embeddable by {link.frameOrigins.join(', ')}</span> : null}
                    <span className="text-zinc-500">
                      created <LocalTime iso={link.createdAt} />
                    </span>
                  </div>
                  <p className="mt-0.5 text-zinc-500">
                    {link.revokedAt ? (
                      <>
                        revoked <LocalTime iso={link.revokedAt} />
                      </>
                    ) : link.expiresAt ? (
                      <>
                        {state === 'expired' ? 'expired' : 'expires'} <LocalTime iso={link.expiresAt} />
                      </>
                    ) : (
                      'never expires'
                    )}
                  </p>
                </div>
                {state === 'active' ? (
                  <Button size="sm" variant="danger" data-testid="share-revoke" onClick={() => revoke.mutate(link.id)}>
                    Revoke
                  </Button>
                ) : null}
              </li>
            )
          })}
        </ul>
      ) : links.data ? (
        <p className="text-xs text-zinc-500">No links yet.</p>
      ) : null}
    </Panel>
  )
}

function CreatedLink({ url }: { url: string }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null)

  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setCopied('yes')
    } catch {
      // Clipboard access can be refused (insecure origin, permissions): the person can still select the text.
      setCopied('failed')
    }
  }

  return (
    <div className="flex flex-col gap-1.5 rounded-md border border-indigo-200 bg-indigo-50/60 p-3">
      <p className="text-xs font-medium text-indigo-900">Copy this link now: it is shown only once.</p>
      <div className="flex items-center gap-2">
        <code
          data-testid="share-url"
          className="min-w-0 flex-1 rounded bg-white px-2 py-1.5 font-mono text-[11px] break-all text-zinc-800 select-all ring-1 ring-indigo-100"
          title={url}
        >
          {url}
        </code>
        <Button size="sm" data-testid="share-copy" onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {copied === 'yes' ? 'Link copied to the clipboard.' : copied === 'failed' ? 'Could not copy; select the link and copy it by hand.' : ''}
      </p>
      {copied === 'failed' ? <p className="text-[11px] text-zinc-600">Could not copy automatically: select the link and copy it.</p> : null}
    </div>
  )
}
