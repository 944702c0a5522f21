import { restoreVersionRequestSchema, workflowVersionParamsSchema } from '@/lib/contracts/workflows'
import { json, parseBody, parseWith, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

/** Saves the version's graph again as the newest version; 201 with that new version. */
export const POST = authenticatedRoute<{ id: string; version: string }>(async (request, raw, principal) => {
  const { id, version } = parseWith(workflowVersionParamsSchema, raw, 'path')
  const { note } = await parseBody(request, restoreVersionRequestSchema)
  const { workflows } = await getServices()
  return json(await workflows.restoreVersion(principal, id, version, note), 201)
})
