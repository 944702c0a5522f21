import { z } from 'zod'
import { json, parseWith, route } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

const params = z.object({ id: z.string().min(1).max(100), version: z.coerce.number().int().positive() })

export const GET = route<{ id: string; version: string }>(async (_request, raw) => {
  const { id, version } = parseWith(params, raw, 'path')
  const { workflows } = await getServices()
  return json(await workflows.getVersion(id, version))
})
