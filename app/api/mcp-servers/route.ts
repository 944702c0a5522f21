import { json, route } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = route(async () => {
  const { mcpServers } = await getServices()
  return json({ servers: await mcpServers.list() })
})
