import { createSkillRequestSchema, skillListSchema, skillResponseSchema, type SkillResponse } from '@/lib/contracts/skills'
import { inWorkspaceQuerySchema } from '@/lib/contracts/workspace-roles'
import { created, defineRoute, ok } from '@/lib/server/define-route'

const SKILL = '---\nname: fuzzed-skill\ndescription: Made by the fuzz test\n---\n\nBody.\n'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/skills',
  access: 'list',
  summary: 'List skills (stored and from files)',
  tag: 'skills',
  query: inWorkspaceQuerySchema,
  responses: ok(skillListSchema),
  handler: ({ principal, services, query }) => services.skills.list(principal, query.workspaceId),
})

export const POST = defineRoute({
  method: 'POST',
  path: '/api/skills',
  access: 'anyone',
  workspace: { resource: 'workspace', role: 'editor' },
  summary: 'Create a skill',
  tag: 'skills',
  query: inWorkspaceQuerySchema,
  body: createSkillRequestSchema,
  example: () => ({ content: SKILL, resources: [{ name: 'notes.md', content: 'x' }] }),
  responses: created(skillResponseSchema),
  errors: [409],
  handler: async ({ principal, services, body, query }) =>
    ({ skill: await services.skills.create(principal, { ...body, workspaceId: query.workspaceId }) }) satisfies SkillResponse,
})
