import { updateUserRequestSchema } from '@/lib/contracts/accounts'
import { getAppContext } from '@/lib/server/app-context'
import { adminRoute } from '@/lib/server/auth/admin-route'
import { UserAdminService } from '@/lib/server/auth/user-admin'
import { json, parseBody } from '@/lib/server/http'

export const PATCH = adminRoute<{ id: string }>(async (request, { id }, admin) => {
  const change = await parseBody(request, updateUserRequestSchema)
  return json({ user: await new UserAdminService(await getAppContext()).update(admin, id, change) })
})
