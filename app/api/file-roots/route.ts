import { fileRootListingSchema, fileRootQuerySchema } from '@/lib/contracts/agents'
import { listFileRoots } from '@/lib/server/agents/file-roots'
import { defineRoute, ok } from '@/lib/server/define-route'

/** The folder roots agents may be given (AGENTLOOM_FILE_ROOTS) and the folders under one: for the file-access picker. */
export const GET = defineRoute({
  method: 'GET',
  path: '/api/file-roots',
  access: 'anyone',
  summary: 'The folder roots agents may be given (AGENTLOOM_FILE_ROOTS) and, under `root`, the subfolders of `folder`',
  tag: 'agents',
  query: fileRootQuerySchema,
  responses: ok(fileRootListingSchema),
  handler: ({ query }) => listFileRoots(query),
})
