import { skillNameParamsSchema, updateSkillRequestSchema, type DeletedSkillResponse, type SkillResponse } from '@/lib/contracts/skills'
import { json, parseBody, parseWith, authenticatedRoute } from '@/lib/server/http'
import { saveBase, withEtag } from '@/lib/server/save-base'
import { getServices } from '@/lib/server/services'

export const GET = authenticatedRoute<{ name: string }>(async (_request, params, principal) => {
  const { name } = parseWith(skillNameParamsSchema, params, 'path')
  const { skills } = await getServices()
  const skill = await skills.get(principal, name)
  return withEtag(json({ skill } satisfies SkillResponse), skill.version)
})

export const PATCH = authenticatedRoute<{ name: string }>(async (request, params, principal) => {
  const { name } = parseWith(skillNameParamsSchema, params, 'path')
  const { baseVersion, ...changes } = await parseBody(request, updateSkillRequestSchema)
  const base = saveBase(request, baseVersion)
  const { skills } = await getServices()
  const skill = await skills.update(principal, name, changes, base)
  return withEtag(json({ skill } satisfies SkillResponse), skill.version)
})

export const DELETE = authenticatedRoute<{ name: string }>(async (_request, params, principal) => {
  const { name } = parseWith(skillNameParamsSchema, params, 'path')
  const { skills } = await getServices()
  return json({ deleted: await skills.delete(principal, name) } satisfies DeletedSkillResponse)
})
