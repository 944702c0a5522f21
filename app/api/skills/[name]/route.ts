import { skillNameParamsSchema, updateSkillRequestSchema, type DeletedSkillResponse, type SkillResponse } from '@/lib/contracts/skills'
import { json, parseBody, parseWith, authenticatedRoute } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute<{ name: string }>(async (_request, params, principal) => {
  const { name } = parseWith(skillNameParamsSchema, params, 'path')
  const { skills } = await getServices()
  return json({ skill: await skills.get(principal, name) } satisfies SkillResponse)
})

export const PATCH = authenticatedRoute<{ name: string }>(async (request, params, principal) => {
  const { name } = parseWith(skillNameParamsSchema, params, 'path')
  const body = await parseBody(request, updateSkillRequestSchema)
  const { skills } = await getServices()
  return json({ skill: await skills.update(principal, name, body) } satisfies SkillResponse)
})

export const DELETE = authenticatedRoute<{ name: string }>(async (_request, params, principal) => {
  const { name } = parseWith(skillNameParamsSchema, params, 'path')
  const { skills } = await getServices()
  return json({ deleted: await skills.delete(principal, name) } satisfies DeletedSkillResponse)
})
