import { restoreVersionRequestSchema, workflowVersionParamsSchema } from '@/lib/contracts/workflows'
import { json, parseBody, parseWith, authenticatedRoute } from '@/lib/server/http'
import { saveBase, withEtag } from '@/lib/server/save-base'
import { getServices } from '@/lib/server/services'

/** Saves the version's graph again as the newest version; 201 with that new version. */
export const POST = authenticatedRoute<{ id: string; version: string }>(async (request, raw, principal) => {
  const { id, version } = parseWith(workflowVersionParamsSchema, raw, 'path')
  const { note, baseVersion } = await parseBody(request, restoreVersionRequestSchema)
  const base = saveBase(request, baseVersion)
  const { workflows } = await getServices()
  const saved = await workflows.restoreVersion(principal, id, version, note, base)
  return withEtag(json(saved, 201), saved.version.version)
})
