import { json, publicRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const dynamic = 'force-dynamic'

export const GET = publicRoute(async () => {
  const { app } = await getServices()
  await app.db.sql.query('SELECT 1')
  return json({ status: 'ok', database: app.db.kind })
})
