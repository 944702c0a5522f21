import { json, parseBody, route } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'
import { createSkillBody } from '@/lib/server/skills/skill-contracts'

export const GET = route(async (_request, _params, principal) => {
  const { skills } = await getServices()
  return json(await skills.list(principal))
})

export const POST = route(async (request, _params, principal) => {
  const body = await parseBody(request, createSkillBody)
  const { skills } = await getServices()
  return json({ skill: await skills.create(principal, body) }, 201)
})
