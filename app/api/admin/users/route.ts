import { getAppContext } from '@/lib/server/app-context'
import { adminRoute } from '@/lib/server/auth/admin-route'
import { UserAdminService } from '@/lib/server/auth/user-admin'
import { json } from '@/lib/server/http'

export const GET = adminRoute(async () => json({ users: await new UserAdminService(await getAppContext()).list() }))
