import { json, parseBody, parseWith, route } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'
import { skillNameParams, updateSkillBody } from '@/lib/server/skills/skill-contracts'

export const GET = route<{ name: string }>(async (_request, params, principal) => {
  const { name } = parseWith(skillNameParams, params, 'path')
  const { skills } = await getServices()
  return json({ skill: await skills.get(principal, name) })
})

export const PATCH = route<{ name: string }>(async (request, params, principal) => {
  const { name } = parseWith(skillNameParams, params, 'path')
  const body = await parseBody(request, updateSkillBody)
  const { skills } = await getServices()
  return json({ skill: await skills.update(principal, name, body) })
})

export const DELETE = route<{ name: string }>(async (_request, params, principal) => {
  const { name } = parseWith(skillNameParams, params, 'path')
  const { skills } = await getServices()
  return json({ deleted: await skills.delete(principal, name) })
})
