import { canvasInitOf } from '@/components/canvas/canvas-init'
import type { CanvasInit } from '@/components/canvas/store'
import { workflowIdParamsSchema, workflowResponseSchema } from '@/lib/contracts/workflows'
import { GraphDocumentError } from '@/lib/graph/errors'
import { isDomainError } from '@/lib/server/domain-errors'
import { getServices } from '@/lib/server/services'
import { requirePageUser } from '../../page-user'

/**
 * What the editor's canvas starts from, read with the page (the workflow `GET /api/workflows/:id` answers, its
 * document brought to the current schema), so the canvas draws without first hydrating, asking the API and
 * waiting for it, and the browser does not parse the document again. Undefined when it cannot be read (a
 * malformed id, a missing or another person's workflow, a document that cannot be migrated): the editor then
 * asks the API itself and shows that answer's error, as it always has.
 */
export async function loadEditorCanvas(id: string): Promise<CanvasInit | undefined> {
  const params = workflowIdParamsSchema.safeParse({ id })
  if (!params.success) return undefined
  const principal = await requirePageUser()
  try {
    const { workflows } = await getServices()
    // The shape the client would have parsed from the wire: plain JSON, checked by the same contract.
    return canvasInitOf(workflowResponseSchema.parse(JSON.parse(JSON.stringify(await workflows.get(principal, params.data.id)))))
  } catch (error) {
    if (isDomainError(error) || error instanceof GraphDocumentError) return undefined
    throw error
  }
}
