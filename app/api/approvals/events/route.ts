import { APPROVAL_ESCALATED_EVENT, APPROVAL_INBOX_EVENT, approvalInboxEventSchema } from '@/lib/contracts/approvals'
import { approvalInboxStream } from '@/lib/server/approvals/approval-inbox-stream'
import { defineRoute, EVENT_STREAM_HEADERS } from '@/lib/server/define-route'

export const dynamic = 'force-dynamic'

/** The person's pending-approval count, live (see approval-inbox-stream.ts). */
export const GET = defineRoute({
  method: 'GET',
  path: '/api/approvals/events',
  access: 'anyone',
  summary: "Follow how many of your approvals wait (server-sent events; an admin counts everyone's)",
  tag: 'approvals',
  responses: {
    200: {
      description:
        `An \`event: ${APPROVAL_INBOX_EVENT}\` with the count when the stream opens and whenever an approval is created, decided or closed, ` +
        `and an \`event: ${APPROVAL_ESCALATED_EVENT}\` with \`{ "approvalId" }\` when one waits past its workspace's escalation delay and you own that workspace; the stream stays open.`,
      schema: approvalInboxEventSchema,
      contentType: 'text/event-stream',
    },
  },
  handler: async ({ principal, services, request }) =>
    new Response(approvalInboxStream(services.app, principal, request.signal), { headers: EVENT_STREAM_HEADERS }),
})
