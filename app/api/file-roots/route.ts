import { fileRootQuerySchema } from '@/lib/contracts/agents'
import { listFileRoots } from '@/lib/server/agents/file-roots'
import { authenticatedRoute, json, parseQuery } from '@/lib/server/http'

/** The folder roots agents may be given (AGENTLOOM_FILE_ROOTS) and the folders under one: for the file-access picker. */
export const GET = authenticatedRoute(async (request) => {
  const query = parseQuery(request, fileRootQuerySchema)
  return json(await listFileRoots(query))
})
