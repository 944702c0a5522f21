/**
 * The skills page's client for /api/skills. Shapes mirror lib/server/skills/skill-views.ts (the
 * browser never imports server code); errors arrive as ApiError with the server's code, message
 * and details (for a bad SKILL.md: `details.rule`).
 */
import { fetchJson, postJson } from '@/components/runs/api-client'

export type SkillSource = 'stored' | 'file'

export interface SkillSummary {
  name: string
  description: string
  source: SkillSource
  license?: string
  compatibility?: string
  allowedTools?: string
  metadata?: Record<string, string>
  resources: string[]
  scripts: string[]
  path?: string
  updatedAt?: string
}

export interface StoredResource {
  name: string
  content: string
}

export interface SkillDetail extends SkillSummary {
  content: string
  body: string
  storedResources?: StoredResource[]
}

export interface SkillLoadError {
  path: string
  rule: string
  message: string
}

export interface SkillList {
  skills: SkillSummary[]
  loadErrors: SkillLoadError[]
}

const skillUrl = (name: string) => `/api/skills/${encodeURIComponent(name)}`

export function listSkills(): Promise<SkillList> {
  return fetchJson<SkillList>('/api/skills')
}

export async function getSkill(name: string): Promise<SkillDetail> {
  return (await fetchJson<{ skill: SkillDetail }>(skillUrl(name))).skill
}

export async function createSkill(input: { content: string; resources?: StoredResource[] }): Promise<SkillDetail> {
  return (await postJson<{ skill: SkillDetail }>('/api/skills', input)).skill
}

export async function deleteSkill(name: string): Promise<void> {
  await fetchJson<unknown>(skillUrl(name), { method: 'DELETE' })
}
