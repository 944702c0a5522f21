'use client'

import { useEffect, useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { listSkills } from './skills-api'
import type { SkillSummary } from '@/lib/contracts/skills'

export type SkillSummaries = { state: 'loading' } | { state: 'ready'; items: SkillSummary[] } | { state: 'error'; message: string }

/** The library's skills (GET /api/skills), loaded when the component mounts: for pickers. */
export function useSkillSummaries(): SkillSummaries {
  const [value, setValue] = useState<SkillSummaries>({ state: 'loading' })
  useEffect(() => {
    let cancelled = false
    listSkills().then(
      ({ skills }) => !cancelled && setValue({ state: 'ready', items: skills }),
      (error: unknown) => !cancelled && setValue({ state: 'error', message: errorMessage(error) }),
    )
    return () => {
      cancelled = true
    }
  }, [])
  return value
}
