import type { FunctionToolListResponse } from '@/lib/contracts/function-tools'
import { json, route } from '@/lib/server/http'
import { listBuiltinFunctionTools } from '@/lib/server/tools/builtin-function-tools'

export const GET = route(async () => json({ tools: listBuiltinFunctionTools() } satisfies FunctionToolListResponse))
