import { editedPausedStateSchema, editPausedStateBody } from '@/lib/contracts/paused-state'
import { runIdParams } from '@/lib/contracts/runs'
import { defineRoute, ok } from '@/lib/server/define-route'

/** Edits the state a paused debug run goes on from (a new checkpoint of the run; the one it paused on is kept). */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/runs/[id]/debug/state',
  access: 'owned',
  workspace: { resource: 'run', role: 'runner' },
  summary: "Edit a paused debug run's state (fork edits but conversations) before it goes on (409 run_not_paused when it is not paused)",
  tag: 'runs',
  params: runIdParams,
  body: editPausedStateBody,
  example: () => ({ edits: [{ op: 'replace_message' as const, index: 0, data: 'edited' }] }),
  responses: ok(editedPausedStateSchema),
  errors: [409],
  handler: ({ principal, services, params, body }) => services.runDebugging.editState(principal, params.id, body.edits),
})
