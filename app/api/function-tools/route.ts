import { functionToolListResponseSchema, type FunctionToolListResponse } from '@/lib/contracts/function-tools'
import { listBuiltinFunctionTools } from '@/lib/graph'
import { defineRoute, ok } from '@/lib/server/define-route'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/function-tools',
  access: 'anyone',
  summary: 'List the built-in function tools',
  tag: 'tools',
  responses: ok(functionToolListResponseSchema),
  handler: async () => ({ tools: listBuiltinFunctionTools() }) satisfies FunctionToolListResponse,
})
