import { json, parseBody, parseWith, route } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'
import { skillNameParams, updateSkillBody } from '@/lib/server/skills/skill-contracts'
import { skillLibrary } from '@/lib/server/skills/skills-service'

export const GET = route<{ name: string }>(async (_request, params) => {
  const { name } = parseWith(skillNameParams, params, 'path')
  const skills = skillLibrary((await getServices()).app)
  return json({ skill: await skills.get(name) })
})

export const PATCH = route<{ name: string }>(async (request, params) => {
  const { name } = parseWith(skillNameParams, params, 'path')
  const body = await parseBody(request, updateSkillBody)
  const skills = skillLibrary((await getServices()).app)
  return json({ skill: await skills.update(name, body) })
})

export const DELETE = route<{ name: string }>(async (_request, params) => {
  const { name } = parseWith(skillNameParams, params, 'path')
  const skills = skillLibrary((await getServices()).app)
  return json({ deleted: await skills.delete(name) })
})
