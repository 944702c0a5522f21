import { createSkillRequestSchema, type SkillResponse } from '@/lib/contracts/skills'
import { json, parseBody, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute(async (_request, _params, principal) => {
  const { skills } = await getServices()
  return json(await skills.list(principal))
})

export const POST = authenticatedRoute(async (request, _params, principal) => {
  const body = await parseBody(request, createSkillRequestSchema)
  const { skills } = await getServices()
  return json({ skill: await skills.create(principal, body) } satisfies SkillResponse, 201)
})
