/**
 * The skills page's client for /api/skills (shapes: lib/contracts/skills.ts). Errors arrive as
 * ApiError with the server's code, message and details (for a bad SKILL.md: `details.rule`).
 */
import { fetchJson, postJson } from '@/components/api-client'
import type { SkillCheck, SkillCheckRequest } from '@/lib/contracts/skill-checks'
import type { CreateSkillInput, SkillDetail, SkillList, SkillResponse, UpdateSkillInput } from '@/lib/contracts/skills'

const skillUrl = (name: string) => `/api/skills/${encodeURIComponent(name)}`

export function listSkills(): Promise<SkillList> {
  return fetchJson<SkillList>('/api/skills')
}

export async function getSkill(name: string): Promise<SkillDetail> {
  return (await fetchJson<SkillResponse>(skillUrl(name))).skill
}

export async function createSkill(input: CreateSkillInput): Promise<SkillDetail> {
  return (await postJson<SkillResponse>('/api/skills', input)).skill
}

export async function deleteSkill(name: string): Promise<void> {
  await fetchJson<unknown>(skillUrl(name), { method: 'DELETE' })
}

/** Replaces the stored skill saved as `baseVersion`, the version the edit started from: 409 `stale_version` when it was saved again since. */
export async function updateSkill(name: string, input: UpdateSkillInput, baseVersion: number): Promise<SkillDetail> {
  return (await fetchJson<SkillResponse>(skillUrl(name), { method: 'PATCH', body: JSON.stringify({ ...input, baseVersion }) })).skill
}

/** The problems a save of this skill would meet (and discovery on disk), without saving. */
export function checkSkill(input: SkillCheckRequest): Promise<SkillCheck> {
  return postJson<SkillCheck>('/api/skill-checks', input)
}
