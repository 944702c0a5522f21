'use client'

/** Skills: the library (with its load warnings), one skill's detail, checking, saving and deleting stored skills. */
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { checkSkill, createSkill, deleteSkill, getSkill, listSkills, updateSkill } from '@/components/skills/skills-api'
import type { SkillCheckRequest } from '@/lib/contracts/skill-checks'
import type { CreateSkillInput } from '@/lib/contracts/skills'
import { useCurrentWorkspaceId } from '@/components/workspaces/CurrentWorkspaceProvider'

export const skillKeys = {
  all: ['skills'] as const,
  /** Without a workspace, the prefix of every list; with one, that workspace's. */
  list: (workspaceId?: string) => (workspaceId === undefined ? ([...skillKeys.all, 'list'] as const) : ([...skillKeys.all, 'list', workspaceId] as const)),
  /** A skill by name; with a workspace, that workspace's (names are unique per workspace). */
  detail: (name: string, workspaceId?: string) =>
    workspaceId === undefined ? ([...skillKeys.all, 'detail', name] as const) : ([...skillKeys.all, 'detail', name, workspaceId] as const),
  check: (request: SkillCheckRequest) => [...skillKeys.all, 'check', request] as const,
}

/** The skills of `workspace` (default: the current one), with the load warnings of skills on disk. */
export function useSkillsQuery(workspace?: string) {
  const current = useCurrentWorkspaceId()
  const workspaceId = workspace ?? current
  return useQuery({ queryKey: skillKeys.list(workspaceId), queryFn: () => listSkills(workspaceId) })
}

/** One skill of the current workspace; nothing is asked while `name` is undefined (no skill open). */
export function useSkillQuery(name: string | undefined) {
  const workspaceId = useCurrentWorkspaceId()
  return useQuery({ queryKey: skillKeys.detail(name ?? '', workspaceId), queryFn: name === undefined ? skipToken : () => getSkill(name, workspaceId) })
}

/**
 * Saves the editor's skill: creates it, or replaces the stored skill `current` (whose name may change with its SKILL.md)
 * as saved in `baseVersion`, the version the edit started from.
 */
export function useSaveSkill(current: string | undefined) {
  const queryClient = useQueryClient()
  const workspaceId = useCurrentWorkspaceId()
  return useMutation({
    mutationFn: ({ input, baseVersion }: { input: CreateSkillInput; baseVersion?: number }) =>
      current === undefined ? createSkill(input, workspaceId) : updateSkill(current, input, baseVersion ?? 0, workspaceId),
    onSuccess: (saved) => {
      if (current !== undefined && current !== saved.name) queryClient.removeQueries({ queryKey: skillKeys.detail(current) })
      queryClient.setQueryData(skillKeys.detail(saved.name, workspaceId), saved)
      void queryClient.invalidateQueries({ queryKey: skillKeys.list() })
    },
  })
}

/** The checks of a skill being edited, asked again whenever the (debounced) text changes. */
export function useSkillCheck(request: SkillCheckRequest) {
  return useQuery({ queryKey: skillKeys.check(request), queryFn: () => checkSkill(request), placeholderData: keepPreviousData, staleTime: 30_000 })
}

export function useDeleteSkill() {
  const queryClient = useQueryClient()
  const workspaceId = useCurrentWorkspaceId()
  return useMutation({
    mutationFn: (name: string) => deleteSkill(name, workspaceId),
    onSuccess: (_nothing, name) => {
      queryClient.removeQueries({ queryKey: skillKeys.detail(name) })
      void queryClient.invalidateQueries({ queryKey: skillKeys.list() })
    },
  })
}
