/**
 * What the public chat (visitor-chat.ts) and the public form (visitor-form.ts) share: the live publication behind
 * a token, counted against its rate limit for the caller's address; whom visitors' turns and runs run as; and the
 * daily token budget checked before each.
 *
 * An unknown, expired or revoked token, and a token of the other kind (an agent's on the form, a workflow's in the
 * chat), are the same 404: probing learns nothing.
 */
import type { AppContext } from '../app-context'
import { workspaceRunner, type Principal } from '../auth/principal'
import { DomainError, isDomainError, notFound } from '../domain-errors'
import { triggerPrincipal } from '../triggers/trigger-workflow'
import { countVisitorRequest } from './publication-rate-limit'
import { hashPublicationToken, isLivePublication } from './publication-token'
import { publicationUsageToday } from './publication-usage'

export interface LivePublication {
  id: string
  workspaceId: string
  ownerId: string
  dailyTokenBudget: number
}

/** The live publication of `kind` behind a token, with the id of what it publishes; counted against its rate limit for `address`. */
export async function openPublication(
  app: Pick<AppContext, 'db'>,
  token: string,
  address: string,
  kind: 'agent' | 'workflow',
): Promise<LivePublication & { targetId: string }> {
  const row = await app.db.prisma.publication.findUnique({
    where: { tokenHash: hashPublicationToken(token) },
    select: {
      id: true,
      agentId: true,
      workflowId: true,
      workspaceId: true,
      ownerId: true,
      dailyTokenBudget: true,
      rateLimitPerMinute: true,
      revokedAt: true,
      expiresAt: true,
      workflow: { select: { deletedAt: true } },
    },
  })
  const targetId = kind === 'agent' ? row?.agentId : row?.workflowId
  // A deleted workflow (kept for its runs) publishes nothing.
  if (!row || !targetId || !isLivePublication(row) || row.workflow?.deletedAt || row.workspaceId === null || row.ownerId === null) {
    throw notFound(kind === 'agent' ? 'Published agent' : 'Published workflow')
  }
  await countVisitorRequest(app, row.id, address, row.rateLimitPerMinute)
  return { id: row.id, targetId, workspaceId: row.workspaceId, ownerId: row.ownerId, dailyTokenBudget: row.dailyTokenBudget }
}

/**
 * Whom a visitor's turn or run runs as: the person who published it, held to the publication's workspace with no
 * more than a runner's rights there (workspaceRunner), so that neither their other workspaces nor an admin account's
 * reach come with it, now or when a worker takes a queued run later. A publisher who is gone or banned publishes
 * nothing any more: the 404 of a missing publication.
 */
export async function publisherRunner(app: Pick<AppContext, 'db'>, publication: LivePublication, what: string): Promise<Principal> {
  const publisher = await triggerPrincipal(app, publication.ownerId)
  if (!publisher) throw notFound(what)
  return workspaceRunner(publisher, publication.workspaceId)
}

/**
 * Starts a visitor's turn or run as its publisher (publisherRunner): their no longer being allowed to (they lost
 * the runner's role there, or the agent or workflow is out of their reach) is the 404 of a missing publication,
 * naming neither the agent or workflow nor the workspace, for a chat as for a form.
 */
export async function asPublisher<T>(what: string, start: () => Promise<T>): Promise<T> {
  try {
    return await start()
  } catch (error) {
    if (isDomainError(error) && (error.code === 'forbidden' || error.code === 'not_found')) throw notFound(what)
    throw error
  }
}

/** 429 `daily_budget_spent` once the publication's tokens today reach its daily budget. */
export async function refuseSpentBudget(app: Pick<AppContext, 'db'>, publication: LivePublication, message: string): Promise<void> {
  const usage = (await publicationUsageToday(app, [publication.id])).get(publication.id)
  if ((usage?.tokens ?? 0) >= publication.dailyTokenBudget) throw new DomainError('daily_budget_spent', message)
}
