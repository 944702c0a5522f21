'use client'

/** Skills: the library (with its load warnings), one skill's detail, checking, saving and deleting stored skills. */
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { checkSkill, createSkill, deleteSkill, getSkill, listSkills, updateSkill } from '@/components/skills/skills-api'
import type { SkillCheckRequest } from '@/lib/contracts/skill-checks'
import type { CreateSkillInput } from '@/lib/contracts/skills'

export const skillKeys = {
  all: ['skills'] as const,
  list: () => [...skillKeys.all, 'list'] as const,
  detail: (name: string) => [...skillKeys.all, 'detail', name] as const,
  check: (request: SkillCheckRequest) => [...skillKeys.all, 'check', request] as const,
}

export function useSkillsQuery() {
  return useQuery({ queryKey: skillKeys.list(), queryFn: listSkills })
}

/** One skill; nothing is asked while `name` is undefined (no skill open). */
export function useSkillQuery(name: string | undefined) {
  return useQuery({ queryKey: skillKeys.detail(name ?? ''), queryFn: name === undefined ? skipToken : () => getSkill(name) })
}

/**
 * Saves the editor's skill: creates it, or replaces the stored skill `current` (whose name may change with its SKILL.md)
 * as saved in `baseVersion`, the version the edit started from.
 */
export function useSaveSkill(current: string | undefined) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ input, baseVersion }: { input: CreateSkillInput; baseVersion?: number }) =>
      current === undefined ? createSkill(input) : updateSkill(current, input, baseVersion ?? 0),
    onSuccess: (saved) => {
      if (current !== undefined && current !== saved.name) queryClient.removeQueries({ queryKey: skillKeys.detail(current) })
      queryClient.setQueryData(skillKeys.detail(saved.name), saved)
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
  return useMutation({
    mutationFn: deleteSkill,
    onSuccess: (_nothing, name) => {
      queryClient.removeQueries({ queryKey: skillKeys.detail(name) })
      void queryClient.invalidateQueries({ queryKey: skillKeys.list() })
    },
  })
}
