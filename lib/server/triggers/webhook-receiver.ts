/**
 * `POST /api/hooks/:id` (issue #32): a signed call starts a run of the webhook's workflow.
 *
 * What an unsigned caller learns: nothing. The body is read (within WEBHOOK_BODY_LIMIT, 413 past it) before the
 * webhook is looked up, and an unknown webhook, a disabled one, one whose workflow was deleted, a missing or malformed
 * header and a wrong signature all answer the same 401 `invalid_signature` (an unknown webhook's signature is still
 * computed, with a throwaway secret, so the time taken does not tell them apart either). Only a caller whose signature
 * matches hears more: 401 `signature_expired` (signed more than five minutes from now), 429 (the webhook's rate per
 * minute), 409 `signature_replayed` (this signature was accepted before), 400 `invalid_run_input`, then 202.
 *
 * The body becomes the run's input: when the start node declares input fields, the body must be a JSON object and
 * its fields of those names are taken (other fields are ignored: senders post more than a workflow needs; a missing
 * required field or a wrong type is 400); when none are declared, the raw body is the input text.
 */
import type { z } from 'zod'
import type { hookAcceptedSchema, hookResultSchema } from '@/lib/contracts/triggers'
import { SIGNATURE_HEADER } from '@/lib/contracts/triggers'
import type { AppContext } from '../app-context'
import { workspaceRunner } from '../auth/principal'
import { DomainError, invalidInput, conflict } from '../domain-errors'
import { readBodyText } from '../request-body'
import { followRun } from '../runs/events/run-follower'
import { RunService } from '../runs/run-service'
import type { Clock } from './schedule-firing'
import { latestInputFieldNames, triggerPrincipal } from './trigger-workflow'
import { isFresh, matchingSignature, newWebhookSecret, parseSignatureHeader } from './webhook-signature'

export const WEBHOOK_BODY_LIMIT = 256 * 1024
/** How long `?wait=true` waits for the run to end before answering 202 with it still going. */
export const WEBHOOK_WAIT_MS = 60_000
/** Signatures are remembered a little longer than they stay fresh. */
const SEEN_KEPT = `interval '10 minutes'`

type Accepted = z.infer<typeof hookAcceptedSchema>
type Result = z.infer<typeof hookResultSchema>

export const invalidSignature = () =>
  new DomainError(
    'invalid_signature',
    `Sign the call: send ${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the webhook's secret>.`,
  )

export interface ReceiveOptions {
  wait: boolean
  /** Stops a wait early (the caller went away). */
  signal?: AbortSignal
  waitMs?: number
}

export class WebhookReceiver {
  private readonly runs: RunService

  constructor(
    private readonly app: AppContext,
    private readonly now: Clock = () => new Date(),
  ) {
    this.runs = new RunService(app)
  }

  async receive(hookId: string, request: Request, options: ReceiveOptions): Promise<{ status: 200; body: Result } | { status: 202; body: Accepted }> {
    const body = await readBodyText(request, WEBHOOK_BODY_LIMIT)
    const header = parseSignatureHeader(request.headers.get(SIGNATURE_HEADER))
    const hook = await this.app.db.prisma.workflowWebhook.findUnique({
      where: { id: hookId },
      select: { id: true, workflowId: true, ownerId: true, secret: true, enabled: true, workflow: { select: { deletedAt: true, workspaceId: true } } },
    })
    const usable = hook && hook.enabled && !hook.workflow.deletedAt
    const secret = usable ? String(this.app.secrets.box.open(hook.secret)) : newWebhookSecret()
    const signature = header ? matchingSignature(secret, header, body) : undefined
    if (!usable || !header || !signature) throw invalidSignature()
    if (!isFresh(header.timestamp, this.now())) {
      throw new DomainError('signature_expired', 'The signature is more than five minutes old (or ahead): sign the call with the current time.')
    }
    await this.countCall(hook.id)
    await this.refuseReplay(hook.id, signature)
    const input = await this.inputOf(hook.workflowId, body)
    const maker = await triggerPrincipal(this.app, hook.ownerId)
    if (!maker) throw new DomainError('forbidden', 'The person who made this webhook can no longer start runs.')
    // Anyone with the secret calls it: the run keeps to the workflow's workspace, even when its maker is an admin.
    const principal = hook.workflow.workspaceId === null ? maker : workspaceRunner(maker, hook.workflow.workspaceId)
    const run = await this.runs.create(
      principal,
      { workflowId: hook.workflowId, input },
      { runNow: options.wait, trigger: { value: { kind: 'webhook', hookId: hook.id }, id: hook.id } },
    )
    if (!options.wait) return { status: 202, body: { runId: run.id, status: run.status } }
    const signal = AbortSignal.any([AbortSignal.timeout(options.waitMs ?? WEBHOOK_WAIT_MS), ...(options.signal ? [options.signal] : [])])
    await followRun(this.app, run.id, { signal })
    const ended = await this.app.db.prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { status: true, outputs: true, error: true } })
    if (ended.status === 'queued' || ended.status === 'running' || ended.status === 'waiting') {
      return { status: 202, body: { runId: run.id, status: ended.status } }
    }
    return { status: 200, body: { runId: run.id, status: ended.status, outputs: (ended.outputs as unknown[] | null) ?? null, error: ended.error } }
  }

  /** Counts the call in the webhook's current minute (the database's clock, so every process counts together): 429 past the limit. */
  private async countCall(hookId: string): Promise<void> {
    const [row] = await this.app.db.sql.query<{ rateCount: number; rateLimitPerMinute: number; retryAfter: number }>(
      `WITH fresh AS (SELECT id, "rateWindowStart" IS NULL OR "rateWindowStart" <= now() - interval '1 minute' AS fresh FROM "WorkflowWebhook" WHERE id = $1)
       UPDATE "WorkflowWebhook" h SET
         "rateWindowStart" = CASE WHEN fresh.fresh THEN now() ELSE h."rateWindowStart" END,
         "rateCount" = CASE WHEN fresh.fresh THEN 1 ELSE h."rateCount" + 1 END,
         "lastCalledAt" = now()
       FROM fresh WHERE h.id = fresh.id
       RETURNING h."rateCount", h."rateLimitPerMinute", GREATEST(1, CEIL(EXTRACT(EPOCH FROM (h."rateWindowStart" + interval '1 minute' - now()))))::int AS "retryAfter"`,
      [hookId],
    )
    if (row && row.rateCount > row.rateLimitPerMinute) {
      throw new DomainError('too_many_requests', `This webhook takes ${row.rateLimitPerMinute} calls a minute. Try again in ${row.retryAfter} s.`, {
        retryAfterSeconds: row.retryAfter,
      })
    }
  }

  /** Remembers the signature (and forgets the webhook's old ones): one seen before is a replay (409). */
  private async refuseReplay(hookId: string, signature: string): Promise<void> {
    const inserted = await this.app.db.sql.query<{ hookId: string }>(
      `WITH forgotten AS (DELETE FROM "WebhookSignatureSeen" WHERE "hookId" = $1 AND "seenAt" < now() - ${SEEN_KEPT})
       INSERT INTO "WebhookSignatureSeen" ("hookId", signature, "seenAt") VALUES ($1, $2, now()) ON CONFLICT DO NOTHING RETURNING "hookId"`,
      [hookId, signature],
    )
    if (inserted.length === 0) throw conflict('signature_replayed', 'This signature was used before: sign each call anew.')
  }

  private async inputOf(workflowId: string, body: string): Promise<string> {
    const fields = await latestInputFieldNames(this.app, workflowId)
    if (fields.length === 0) return body
    let value: unknown
    try {
      value = JSON.parse(body)
    } catch {
      value = undefined
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw invalidInput(
        'invalid_run_input',
        `The body must be a JSON object with the workflow's input fields: ${fields.map((name) => `"${name}"`).join(', ')}.`,
        {
          param: 'body',
        },
      )
    }
    const picked = Object.fromEntries(fields.filter((name) => Object.hasOwn(value, name)).map((name) => [name, (value as Record<string, unknown>)[name]]))
    return JSON.stringify(picked)
  }
}
