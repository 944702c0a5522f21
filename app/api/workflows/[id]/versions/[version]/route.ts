import { pgIntParam } from '@/lib/server/contracts/safe-text'
import { json, parseWith, route } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'
import { workflowIdParams } from '@/lib/server/workflows/workflow-contracts'

const params = workflowIdParams.extend({ version: pgIntParam })

export const GET = route<{ id: string; version: string }>(async (_request, raw, principal) => {
  const { id, version } = parseWith(params, raw, 'path')
  const { workflows } = await getServices()
  return json(await workflows.getVersion(principal, id, version))
})
