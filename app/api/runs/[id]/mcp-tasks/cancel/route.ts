import { cancelMcpTaskBody, mcpTaskCancelResponseSchema, runIdParams } from '@/lib/contracts/runs'
import { defineRoute } from '@/lib/server/define-route'

/** Asks the process running the run to cancel one of its long-running MCP tasks (202: requested, not yet done). */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/runs/[id]/mcp-tasks/cancel',
  access: 'owned',
  workspace: { resource: 'run', role: 'runner' },
  summary: 'Cancel a long-running MCP task of a run',
  tag: 'runs',
  params: runIdParams,
  // Someone else's run is as unknown as a missing one, whatever the body.
  authorize: async ({ principal, services, params }) => void (await services.runs.status(principal, params.id, 'runner')),
  body: cancelMcpTaskBody,
  example: () => ({ serverId: 'x', taskId: 'y' }),
  responses: { 202: { description: 'Passed on to the run', schema: mcpTaskCancelResponseSchema } },
  errors: [409],
  handler: ({ services, params, body }) => services.mcpTasks.request(params.id, body),
})
