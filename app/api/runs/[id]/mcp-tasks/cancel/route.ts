import { cancelMcpTaskBody, runIdParams } from '@/lib/contracts/runs'
import { McpTaskCancelService } from '@/lib/server/mcp/mcp-task-cancel'
import { json, parseBody, parseWith, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

/** Asks the process running the run to cancel one of its long-running MCP tasks (202: requested, not yet done). */
export const POST = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(runIdParams, params, 'path')
  const { app, runs } = await getServices()
  await runs.status(principal, id) // someone else's run is as unknown as a missing one
  const body = await parseBody(request, cancelMcpTaskBody)
  return json(await new McpTaskCancelService(app).request(id, body), 202)
})
