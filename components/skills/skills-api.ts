/**
 * The skills page's client for /api/skills (shapes: lib/contracts/skills.ts). Errors arrive as
 * ApiError with the server's code, message and details (for a bad SKILL.md: `details.rule`).
 */
import { fetchJson, postJson } from '@/components/api-client'
import type { SkillCheck, SkillCheckRequest } from '@/lib/contracts/skill-checks'
import type { CreateSkillInput, SkillDetail, SkillList, SkillResponse, UpdateSkillInput } from '@/lib/contracts/skills'
import { inWorkspace } from '@/components/workspaces/current-workspace'

// A skill's name is unique within its workspace: `workspaceId` says which (without it, the person's personal one).
const skillUrl = (name: string, workspaceId: string | undefined) => `/api/skills/${encodeURIComponent(name)}${inWorkspace(workspaceId)}`

export function listSkills(workspaceId?: string): Promise<SkillList> {
  return fetchJson<SkillList>(`/api/skills${inWorkspace(workspaceId)}`)
}

export async function getSkill(name: string, workspaceId?: string): Promise<SkillDetail> {
  return (await fetchJson<SkillResponse>(skillUrl(name, workspaceId))).skill
}

export async function createSkill(input: CreateSkillInput, workspaceId?: string): Promise<SkillDetail> {
  return (await postJson<SkillResponse>(`/api/skills${inWorkspace(workspaceId)}`, input)).skill
}

export async function deleteSkill(name: string, workspaceId?: string): Promise<void> {
  await fetchJson<unknown>(skillUrl(name, workspaceId), { method: 'DELETE' })
}

/** Replaces the stored skill saved as `baseVersion`, the version the edit started from: 409 `stale_version` when it was saved again since. */
export async function updateSkill(name: string, input: UpdateSkillInput, baseVersion: number, workspaceId?: string): Promise<SkillDetail> {
  return (await fetchJson<SkillResponse>(skillUrl(name, workspaceId), { method: 'PATCH', body: JSON.stringify({ ...input, baseVersion }) })).skill
}

/** The problems a save of this skill would meet (and discovery on disk), without saving. */
export function checkSkill(input: SkillCheckRequest): Promise<SkillCheck> {
  return postJson<SkillCheck>('/api/skill-checks', input)
}
