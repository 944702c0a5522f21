import { authenticatedRoute } from '@/lib/server/http'
import { approvalInboxStream } from '@/lib/server/approvals/approval-inbox-stream'
import { getServices } from '@/lib/server/services'

export const dynamic = 'force-dynamic'

/** The person's pending-approval count, live (see approval-inbox-stream.ts). */
export const GET = authenticatedRoute(async (request, _params, principal) => {
  const { app } = await getServices()
  return new Response(approvalInboxStream(app, principal, request.signal), {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    },
  })
})
