import { createSkillRequestSchema, skillListSchema, skillResponseSchema, type SkillResponse } from '@/lib/contracts/skills'
import { created, defineRoute, ok } from '@/lib/server/define-route'

const SKILL = '---\nname: fuzzed-skill\ndescription: Made by the fuzz test\n---\n\nBody.\n'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/skills',
  access: 'list',
  summary: 'List skills (stored and from files)',
  tag: 'skills',
  responses: ok(skillListSchema),
  handler: ({ principal, services }) => services.skills.list(principal),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/skills',
  access: 'anyone',
  summary: 'Create a skill',
  tag: 'skills',
  body: createSkillRequestSchema,
  example: () => ({ content: SKILL, resources: [{ name: 'notes.md', content: 'x' }] }),
  responses: created(skillResponseSchema),
  errors: [409],
  handler: async ({ principal, services, body }) => ({ skill: await services.skills.create(principal, body) }) satisfies SkillResponse,
})
