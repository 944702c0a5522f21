import { workflowIdParamsSchema, workflowResponseSchema, type WorkflowResponse } from '@/lib/contracts/workflows'
import { isDomainError } from '@/lib/server/domain-errors'
import { getServices } from '@/lib/server/services'
import { requirePageUser } from '../../page-user'

/**
 * The workflow the editor opens, read with the page (what `GET /api/workflows/:id` answers), so the
 * canvas draws without first hydrating, asking the API and waiting for it. Undefined when it cannot
 * be read (a malformed id, a missing or another person's workflow): the editor then asks the API
 * itself and shows that answer's error, as it always has.
 */
export async function loadEditorWorkflow(id: string): Promise<WorkflowResponse | undefined> {
  const params = workflowIdParamsSchema.safeParse({ id })
  if (!params.success) return undefined
  const principal = await requirePageUser()
  try {
    const { workflows } = await getServices()
    // The shape the client would have parsed from the wire: plain JSON, checked by the same contract.
    return workflowResponseSchema.parse(JSON.parse(JSON.stringify(await workflows.get(principal, params.data.id))))
  } catch (error) {
    if (isDomainError(error)) return undefined
    throw error
  }
}
