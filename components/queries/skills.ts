'use client'

/** Skills: the library (with its load warnings), one skill's detail, and creating and deleting stored skills. */
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createSkill, deleteSkill, getSkill, listSkills } from '@/components/skills/skills-api'

export const skillKeys = {
  all: ['skills'] as const,
  list: () => [...skillKeys.all, 'list'] as const,
  detail: (name: string) => [...skillKeys.all, 'detail', name] as const,
}

export function useSkillsQuery() {
  return useQuery({ queryKey: skillKeys.list(), queryFn: listSkills })
}

/** One skill; nothing is asked while `name` is undefined (no skill open). */
export function useSkillQuery(name: string | undefined) {
  return useQuery({ queryKey: skillKeys.detail(name ?? ''), queryFn: name === undefined ? skipToken : () => getSkill(name) })
}

export function useCreateSkill() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createSkill, onSuccess: () => void queryClient.invalidateQueries({ queryKey: skillKeys.list() }) })
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
