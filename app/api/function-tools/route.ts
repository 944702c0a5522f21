import type { FunctionToolListResponse } from '@/lib/contracts/function-tools'
import { json, authenticatedRoute } from '@/lib/server/http'
import { listBuiltinFunctionTools } from '@/lib/graph'

export const GET = authenticatedRoute(async () => json({ tools: listBuiltinFunctionTools() } satisfies FunctionToolListResponse))
