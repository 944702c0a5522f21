import { skillCheckRequestSchema } from '@/lib/contracts/skill-checks'
import { json, parseBody, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

/** Checks a skill being edited (or imported from a folder) as a save and discovery on disk would; nothing is saved. */
export const POST = authenticatedRoute(async (request, _params, principal) => {
  const body = await parseBody(request, skillCheckRequestSchema)
  const { skills } = await getServices()
  return json(await skills.check(principal, body))
})
