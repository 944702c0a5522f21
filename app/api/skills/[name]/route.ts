import {
  deletedSkillResponseSchema,
  skillNameParamsSchema,
  skillResponseSchema,
  updateSkillRequestSchema,
  type DeletedSkillResponse,
  type SkillResponse,
} from '@/lib/contracts/skills'
import { defineRoute, ok } from '@/lib/server/define-route'
import { saveBase } from '@/lib/server/save-base'

const SKILL = '---\nname: fuzzed-skill\ndescription: Made by the fuzz test\n---\n\nBody.\n'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/skills/[name]',
  access: 'owned',
  summary: 'Read a skill',
  tag: 'skills',
  params: skillNameParamsSchema,
  responses: ok(skillResponseSchema),
  etag: ({ skill }: SkillResponse) => skill.version,
  handler: async ({ principal, services, params }) => ({ skill: await services.skills.get(principal, params.name) }) satisfies SkillResponse,
})

export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/api/skills/[name]',
  access: 'owned',
  summary: 'Change a stored skill',
  tag: 'skills',
  params: skillNameParamsSchema,
  body: updateSkillRequestSchema,
  example: () => ({ content: SKILL, baseVersion: 1 }),
  responses: ok(skillResponseSchema),
  errors: [409],
  saveBase: 'required',
  etag: ({ skill }: SkillResponse) => skill.version,
  handler: async ({ principal, services, params, body: { baseVersion, ...changes }, request }) =>
    ({ skill: await services.skills.update(principal, params.name, changes, saveBase(request, baseVersion)) }) satisfies SkillResponse,
})

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/skills/[name]',
  access: 'owned',
  summary: 'Delete a stored skill',
  tag: 'skills',
  params: skillNameParamsSchema,
  responses: ok(deletedSkillResponseSchema),
  errors: [409],
  handler: async ({ principal, services, params }) => ({ deleted: await services.skills.delete(principal, params.name) }) satisfies DeletedSkillResponse,
})
