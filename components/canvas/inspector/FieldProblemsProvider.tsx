'use client'

import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { GraphProblem } from '@/lib/graph/problems'
import type { FieldPath } from '../inspector-fields'
import { dataPathOf } from './field-problem-message'

const FieldProblemsContext = createContext<ReadonlyMap<string, GraphProblem>>(new Map())

const keyOf = (path: readonly (string | number)[]) => path.map(String).join('\u0000')

/** The schema problems of the node being inspected, by the data path of the field each belongs under. */
export function FieldProblemsProvider({ problems, children }: { problems: readonly GraphProblem[]; children: ReactNode }) {
  const byPath = useMemo(() => {
    const map = new Map<string, GraphProblem>()
    for (const problem of problems) {
      const path = dataPathOf(problem)
      if (path && !map.has(keyOf(path))) map.set(keyOf(path), problem)
    }
    return map
  }, [problems])
  return <FieldProblemsContext.Provider value={byPath}>{children}</FieldProblemsContext.Provider>
}

/** The first schema problem of the value at `path` in the inspected node's data. */
export function useFieldProblem(path: FieldPath): GraphProblem | undefined {
  return useContext(FieldProblemsContext).get(keyOf(path))
}
