'use client'

import { useEffect, useState, type FormEvent } from 'react'
import { Badge, Button, Field, Input } from '@/components/ui'
import { ApiError, errorMessage, fetchParsed } from '@/components/api-client'
import {
  approvalRoutingResponseSchema,
  approvalWebhookTestResponseSchema,
  formatMinutes,
  MAX_ESCALATION_MINUTES,
  type ApprovalRoutingRequest,
  type ApprovalRoutingView,
  type ApprovalWebhookTestResult,
} from '@/lib/contracts/approval-routing'

const routingUrl = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/approval-routing`

/** What a refused load says: the API's 403 (owners only) and 404 as sentences. */
function loadFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return `Only the workspace’s owners see and change where its approvals are told. ${error.message}`
  if (error instanceof ApiError && error.status === 404) return 'This workspace does not exist, or you are not one of its members.'
  return `Could not load the approval routing: ${errorMessage(error)}`
}

const TEST_TONE = { delivered: 'success', refused: 'danger', failed: 'warning' } as const
const TEST_LABEL = { delivered: 'Delivered', refused: 'Refused by the outbound policy', failed: 'Not delivered' } as const

/**
 * A workspace's approval routing, for its owners: the chat webhook its approvals are posted to (write-only: once saved
 * it shows only as "configured for <host>"), a test message, and the delay after which a waiting approval is
 * escalated to the owners.
 */
export function ApprovalRoutingSettings({ workspaceId }: { workspaceId: string }) {
  const [routing, setRouting] = useState<ApprovalRoutingView | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [webhookUrl, setWebhookUrl] = useState('')
  const [replacing, setReplacing] = useState(false)
  const [minutes, setMinutes] = useState('')
  const [busy, setBusy] = useState<'webhook' | 'remove' | 'test' | 'escalation' | null>(null)
  const [webhookError, setWebhookError] = useState<string | null>(null)
  const [escalationError, setEscalationError] = useState<string | null>(null)
  const [escalationSaved, setEscalationSaved] = useState(false)
  const [test, setTest] = useState<ApprovalWebhookTestResult | null>(null)

  useEffect(() => {
    let live = true
    fetchParsed(approvalRoutingResponseSchema, routingUrl(workspaceId))
      .then(({ routing: loaded }) => {
        if (!live) return
        setRouting(loaded)
        setMinutes(loaded.escalationMinutes === null ? '' : String(loaded.escalationMinutes))
      })
      .catch((error: unknown) => live && setLoadError(loadFailure(error)))
    return () => {
      live = false
    }
  }, [workspaceId])

  async function save(change: ApprovalRoutingRequest): Promise<ApprovalRoutingView> {
    const { routing: saved } = await fetchParsed(approvalRoutingResponseSchema, routingUrl(workspaceId), { method: 'PUT', body: JSON.stringify(change) })
    setRouting(saved)
    return saved
  }

  async function saveWebhook(event: FormEvent) {
    event.preventDefault()
    setBusy('webhook')
    setWebhookError(null)
    setTest(null)
    try {
      await save({ webhookUrl: webhookUrl.trim() })
      // The URL is not kept on the page once the server has it.
      setWebhookUrl('')
      setReplacing(false)
    } catch (error) {
      setWebhookError(errorMessage(error))
    } finally {
      setBusy(null)
    }
  }

  async function removeWebhook() {
    setBusy('remove')
    setWebhookError(null)
    setTest(null)
    try {
      await save({ webhookUrl: null })
    } catch (error) {
      setWebhookError(errorMessage(error))
    } finally {
      setBusy(null)
    }
  }

  async function sendTest() {
    setBusy('test')
    setWebhookError(null)
    setTest(null)
    try {
      const answer = await fetchParsed(approvalWebhookTestResponseSchema, `${routingUrl(workspaceId)}/test`, { method: 'POST', body: '{}' })
      setTest(answer.test)
    } catch (error) {
      setWebhookError(errorMessage(error))
    } finally {
      setBusy(null)
    }
  }

  async function saveEscalation(event: FormEvent) {
    event.preventDefault()
    setBusy('escalation')
    setEscalationError(null)
    setEscalationSaved(false)
    try {
      const text = minutes.trim()
      const saved = await save({ escalationMinutes: text === '' ? null : Number(text) })
      setMinutes(saved.escalationMinutes === null ? '' : String(saved.escalationMinutes))
      setEscalationSaved(true)
    } catch (error) {
      setEscalationError(errorMessage(error))
    } finally {
      setBusy(null)
    }
  }

  if (loadError) {
    return (
      <p role="alert" data-testid="approval-routing-error" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
        {loadError}
      </p>
    )
  }
  if (!routing) return <p className="text-sm text-zinc-500">Loading…</p>

  const editing = !routing.webhookConfigured || replacing
  return (
    <div className="flex flex-col gap-4">
      <section className="rounded-lg border border-zinc-200 bg-white p-5" aria-labelledby="approval-webhook-heading">
        <h2 id="approval-webhook-heading" className="text-sm font-semibold text-zinc-900">
          Chat webhook
        </h2>
        <p className="mt-1 text-sm text-zinc-600">
          Every approval this workspace’s runs raise is posted to a Slack-compatible incoming webhook, with what is asked and a link to answer it. The URL is
          kept encrypted and never shown again.
        </p>
        {routing.webhookConfigured ? (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Badge tone="success" data-testid="approval-webhook-status">
              Configured for {routing.webhookHost}
            </Badge>
            <Button size="sm" variant="secondary" onClick={() => void sendTest()} disabled={busy !== null}>
              {busy === 'test' ? 'Sending…' : 'Send a test message'}
            </Button>
            {!replacing ? (
              <Button size="sm" variant="ghost" onClick={() => setReplacing(true)} disabled={busy !== null}>
                Replace
              </Button>
            ) : null}
            <Button size="sm" variant="danger" onClick={() => void removeWebhook()} disabled={busy !== null}>
              Remove
            </Button>
          </div>
        ) : (
          <p className="mt-3 text-sm text-zinc-500" data-testid="approval-webhook-status">
            No webhook: approvals are told in the inbox and the browser only.
          </p>
        )}
        {editing ? (
          <form onSubmit={saveWebhook} className="mt-3 flex max-w-xl flex-col gap-2">
            <Field
              label={replacing ? 'New incoming-webhook URL' : 'Incoming-webhook URL'}
              htmlFor="approval-webhook-url"
              help="https://hooks.slack.com/services/…"
            >
              <Input
                id="approval-webhook-url"
                type="url"
                required
                autoComplete="off"
                spellCheck={false}
                value={webhookUrl}
                onChange={(event) => setWebhookUrl(event.target.value)}
              />
            </Field>
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={busy !== null || webhookUrl.trim() === ''}>
                {busy === 'webhook' ? 'Saving…' : 'Save webhook'}
              </Button>
              {replacing ? (
                <Button size="sm" variant="ghost" onClick={() => setReplacing(false)}>
                  Cancel
                </Button>
              ) : null}
            </div>
          </form>
        ) : null}
        {webhookError ? (
          <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {webhookError}
          </p>
        ) : null}
        {test ? (
          <p
            role="status"
            data-testid="approval-webhook-test-result"
            data-outcome={test.outcome}
            className="mt-3 flex flex-wrap items-center gap-2 text-sm text-zinc-700"
          >
            <Badge tone={TEST_TONE[test.outcome]}>{TEST_LABEL[test.outcome]}</Badge>
            <span>
              {test.message}
              {test.remoteStatus !== null && !test.message.includes(String(test.remoteStatus)) ? ` (HTTP ${test.remoteStatus})` : ''}
            </span>
          </p>
        ) : null}
      </section>

      <section className="rounded-lg border border-zinc-200 bg-white p-5" aria-labelledby="approval-escalation-heading">
        <h2 id="approval-escalation-heading" className="text-sm font-semibold text-zinc-900">
          Escalation to owners
        </h2>
        <p className="mt-1 text-sm text-zinc-600">
          An approval still waiting after this many minutes is marked “Escalated to owners”, the owners’ browsers tell them, and the webhook says so. Leave it
          empty to never escalate.
        </p>
        <p className="mt-1 text-sm text-zinc-600" data-testid="approval-timeout-hint">
          Approvals on this server expire after {formatMinutes(routing.approvalTimeoutMinutes)}, so the delay must be shorter.
        </p>
        <form onSubmit={saveEscalation} className="mt-3 flex flex-wrap items-end gap-2">
          <Field label="Escalate after (minutes)" htmlFor="approval-escalation-minutes">
            <Input
              id="approval-escalation-minutes"
              type="number"
              min={1}
              max={MAX_ESCALATION_MINUTES}
              step={1}
              placeholder="Off"
              className="w-40"
              value={minutes}
              onChange={(event) => {
                setMinutes(event.target.value)
                setEscalationSaved(false)
              }}
            />
          </Field>
          <Button type="submit" size="sm" disabled={busy !== null}>
            {busy === 'escalation' ? 'Saving…' : 'Save delay'}
          </Button>
        </form>
        {escalationSaved ? (
          <p role="status" className="mt-2 text-sm text-emerald-700">
            {routing.escalationMinutes === null ? 'Escalation is off.' : `Approvals waiting ${routing.escalationMinutes} min are escalated to the owners.`}
          </p>
        ) : null}
        {escalationError ? (
          <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {escalationError}
          </p>
        ) : null}
      </section>
    </div>
  )
}
