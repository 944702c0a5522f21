/**
 * A person's approvals inbox as Server-Sent Events: `event: pending` with how many of their requests
 * wait, once when the stream opens and again whenever one of them is created, decided or closed
 * (the broker NOTIFYs APPROVAL_INBOX_CHANNEL with the owner's id, from any process). An admin's
 * stream counts everyone's, as their inbox lists everyone's. After the listening connection was
 * lost the count is read again, since notifications sent meanwhile are gone. A workspace's owners also get
 * `event: escalated` when one of its approvals waited past the workspace's escalation delay.
 */
import { APPROVAL_ESCALATED_EVENT, APPROVAL_INBOX_EVENT, type ApprovalEscalatedEvent, type ApprovalInboxEvent } from '@/lib/contracts/approvals'
import type { AppContext } from '../app-context'
import { approvesIn, isAdmin, type Principal } from '../auth/principal'
import { APPROVAL_INBOX_CHANNEL } from './approval-broker'
import { ESCALATED_NOTICE } from './approval-routing-sql'

const HEARTBEAT_MS = 15_000
const RETRY_FRAME = 'retry: 2000\n\n'
const KEEP_ALIVE_FRAME = ': keep-alive\n\n'

export type ApprovalInboxApp = Pick<AppContext, 'approvals' | 'notifications'>

export function approvalInboxStream(app: ApprovalInboxApp, principal: Principal, signal: AbortSignal): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const cleanups: (() => void)[] = []
  let closed = false
  // One count at a time; a notification during a count asks for one more after it (a burst costs two reads).
  let counting = false
  let again = false

  const stop = () => {
    if (closed) return
    closed = true
    for (const cleanup of cleanups.splice(0)) cleanup()
  }

  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (frame: string) => {
        if (closed) return
        try {
          controller.enqueue(encoder.encode(frame))
        } catch {
          stop()
        }
      }
      const recount = async () => {
        if (counting) {
          again = true
          return
        }
        counting = true
        try {
          do {
            again = false
            const event: ApprovalInboxEvent = { pending: await app.approvals.countPending(principal) }
            send(`event: ${APPROVAL_INBOX_EVENT}\ndata: ${JSON.stringify(event)}\n\n`)
          } while (again && !closed)
        } catch (error) {
          console.warn('[approvals] could not count pending approvals for the inbox stream:', (error as Error).message)
        } finally {
          counting = false
        }
      }
      // `<starter> <workspace>`: theirs when they started the run, or approve in (or own) its workspace.
      const mine = (notice: string) => {
        const [ownerId, workspaceId] = notice.split(' ')
        return isAdmin(principal) || ownerId === principal.userId || approvesIn(principal, workspaceId)
      }

      const ownsWorkspace = (workspaceId: string | undefined) =>
        principal.memberships.some((member) => member.workspaceId === workspaceId && member.role === 'owner')

      signal.addEventListener('abort', () => {
        stop()
        try {
          controller.close()
        } catch {
          // Already closed by the client going away.
        }
      })
      // Listen before the first count: a change between the two is then counted, never missed.
      const unlisten = await app.notifications.listen(APPROVAL_INBOX_CHANNEL, (notice) => {
        if (!mine(notice)) return
        void recount()
        // An escalation (`<starter> <workspace> escalated <approval id>`) is told to that workspace's owners.
        const [, workspaceId, word, approvalId] = notice.split(' ')
        if (word === ESCALATED_NOTICE && approvalId && ownsWorkspace(workspaceId)) {
          const event: ApprovalEscalatedEvent = { approvalId }
          send(`event: ${APPROVAL_ESCALATED_EVENT}\ndata: ${JSON.stringify(event)}\n\n`)
        }
      })
      cleanups.push(
        unlisten,
        app.notifications.onReconnect(() => void recount()),
      )
      const heartbeat = setInterval(() => send(KEEP_ALIVE_FRAME), HEARTBEAT_MS)
      cleanups.push(() => clearInterval(heartbeat))
      if (signal.aborted) return stop()
      send(RETRY_FRAME)
      await recount()
    },
    cancel() {
      stop()
    },
  })
}
