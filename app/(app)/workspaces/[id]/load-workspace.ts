import { notFound } from 'next/navigation'
import { cache } from 'react'
import { workspaceParamsSchema, type WorkspaceView } from '@/lib/contracts/workspaces'
import { isDomainError } from '@/lib/server/domain-errors'
import { getServices } from '@/lib/server/services'
import { requirePageUser } from '../../page-user'

/** The workspace a page under /workspaces/[id] is about, as the caller sees it; "not found" for one they are not in. */
export const loadWorkspace = cache(async (id: string): Promise<WorkspaceView> => {
  const params = workspaceParamsSchema.safeParse({ id })
  if (!params.success) notFound()
  const user = await requirePageUser()
  try {
    return await (await getServices()).workspaces.get(user, params.data.id)
  } catch (error) {
    if (isDomainError(error)) notFound()
    throw error
  }
})
