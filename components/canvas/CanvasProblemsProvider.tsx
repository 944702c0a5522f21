'use client'

import { SystemError } from '@/lib/core/browser'
import { createContext, useContext, type ReactNode } from 'react'
import { useCanvasProblems, type CanvasProblems } from './use-problems'

const ProblemsContext = createContext<CanvasProblems | null>(null)

/** Validates once for the whole editor; nodes, inspector and the problems panel read the same result. */
export function CanvasProblemsProvider({ children }: { children: ReactNode }) {
  const problems = useCanvasProblems()
  return <ProblemsContext.Provider value={problems}>{children}</ProblemsContext.Provider>
}

export function useCanvasProblemsContext(): CanvasProblems {
  const problems = useContext(ProblemsContext)
  if (!problems) throw new SystemError('useCanvasProblemsContext must be used inside <CanvasProblemsProvider>.')
  return problems
}
