import type { OneTimeLinkView } from '@/lib/contracts/accounts'
import { getAppContext } from '@/lib/server/app-context'
import { adminRoute } from '@/lib/server/auth/admin-route'
import { oneTimeLink } from '@/lib/server/auth/one-time-links'
import { requestBaseUrl } from '@/lib/server/auth/public-url'
import { UserAdminService } from '@/lib/server/auth/user-admin'
import { json } from '@/lib/server/http'

// The link is in this response only: the admin passes it on to the person.
export const POST = adminRoute<{ id: string }>(async (request, { id }, admin) => {
  const { token, expiresAt } = await new UserAdminService(await getAppContext()).issuePasswordReset(admin, id)
  const view: OneTimeLinkView = { link: oneTimeLink(requestBaseUrl(request), 'password_reset', token), expiresAt: expiresAt.toISOString() }
  return json(view, 201)
})
