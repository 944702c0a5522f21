import { skillCheckRequestSchema, skillCheckSchema } from '@/lib/contracts/skill-checks'
import { defineRoute, ok } from '@/lib/server/define-route'

/** Checks a skill being edited (or imported from a folder) as a save and discovery on disk would; nothing is saved. */
export const POST = defineRoute({
  method: 'POST',
  path: '/api/skill-checks',
  access: 'anyone',
  summary: 'Check a skill being edited or imported as a save would, saving nothing (what is wrong is the answer, not a 400)',
  tag: 'skills',
  body: skillCheckRequestSchema,
  responses: ok(skillCheckSchema),
  handler: ({ principal, services, body }) => services.skills.check(principal, body),
})
