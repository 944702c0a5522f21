import {
  deletedSkillResponseSchema,
  skillNameParamsSchema,
  skillResponseSchema,
  updateSkillRequestSchema,
  type DeletedSkillResponse,
  type SkillResponse,
} from '@/lib/contracts/skills'
import { inWorkspaceQuerySchema } from '@/lib/contracts/workspace-roles'
import { defineRoute, ok } from '@/lib/server/define-route'
import { saveBase } from '@/lib/server/save-base'

const SKILL = '---\nname: fuzzed-skill\ndescription: Made by the fuzz test\n---\n\nBody.\n'

export const GET = defineRoute({
  method: 'GET',
  path: '/api/skills/[name]',
  access: 'owned',
  workspace: { resource: 'skill', role: 'viewer' },
  summary: 'Read a skill',
  tag: 'skills',
  params: skillNameParamsSchema,
  query: inWorkspaceQuerySchema,
  responses: ok(skillResponseSchema),
  etag: ({ skill }: SkillResponse) => skill.version,
  handler: async ({ principal, services, params, query }) =>
    ({ skill: await services.skills.get(principal, params.name, query.workspaceId) }) satisfies SkillResponse,
})

export const PATCH = defineRoute({
  method: 'PATCH',
  path: '/api/skills/[name]',
  access: 'owned',
  workspace: { resource: 'skill', role: 'editor' },
  summary: 'Change a stored skill',
  tag: 'skills',
  params: skillNameParamsSchema,
  query: inWorkspaceQuerySchema,
  body: updateSkillRequestSchema,
  example: () => ({ content: SKILL, baseVersion: 1 }),
  responses: ok(skillResponseSchema),
  errors: [409],
  saveBase: 'required',
  etag: ({ skill }: SkillResponse) => skill.version,
  handler: async ({ principal, services, params, query, body: { baseVersion, ...changes }, request }) =>
    ({ skill: await services.skills.update(principal, params.name, changes, saveBase(request, baseVersion), query.workspaceId) }) satisfies SkillResponse,
})

export const DELETE = defineRoute({
  method: 'DELETE',
  path: '/api/skills/[name]',
  access: 'owned',
  workspace: { resource: 'skill', role: 'editor' },
  summary: 'Delete a stored skill',
  tag: 'skills',
  params: skillNameParamsSchema,
  query: inWorkspaceQuerySchema,
  responses: ok(deletedSkillResponseSchema),
  errors: [409],
  handler: async ({ principal, services, params, query }) =>
    ({ deleted: await services.skills.delete(principal, params.name, query.workspaceId) }) satisfies DeletedSkillResponse,
})
