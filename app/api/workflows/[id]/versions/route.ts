import { createVersionRequestSchema, workflowIdParamsSchema } from '@/lib/contracts/workflows'
import { json, parseBody, parseWith, authenticatedRoute } from '@/lib/server/http'
import { saveBase, withEtag } from '@/lib/server/save-base'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute<{ id: string }>(async (_request, params, principal) => {
  const { id } = parseWith(workflowIdParamsSchema, params, 'path')
  const { workflows } = await getServices()
  return json(await workflows.listVersions(principal, id))
})

export const POST = authenticatedRoute<{ id: string }>(async (request, params, principal) => {
  const { id } = parseWith(workflowIdParamsSchema, params, 'path')
  const { graph, note, baseVersion } = await parseBody(request, createVersionRequestSchema)
  const base = saveBase(request, baseVersion)
  const { workflows } = await getServices()
  const saved = await workflows.createVersion(principal, id, graph, base, note)
  return withEtag(json(saved, 201), saved.version.version)
})
