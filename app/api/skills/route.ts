import { json, parseBody, route } from '@/lib/server/http'
import { getServices } from '@/lib/server/services'
import { createSkillBody } from '@/lib/server/skills/skill-contracts'
import { skillLibrary } from '@/lib/server/skills/skills-service'

export const GET = route(async () => {
  const skills = skillLibrary((await getServices()).app)
  return json(await skills.list())
})

export const POST = route(async (request) => {
  const body = await parseBody(request, createSkillBody)
  const skills = skillLibrary((await getServices()).app)
  return json({ skill: await skills.create(body) }, 201)
})
