/**
 * What the canvas starts from when it opens a saved workflow. Not a client module: the editor's page
 * builds it on the server (app/(app)/workflows/[id]/load-editor-canvas.ts), so the browser opens the canvas
 * without parsing the document again; the editor's query builds it from the API's answer otherwise.
 */
import type { WorkflowResponse } from '@/lib/contracts/workflows'
import { starterDocument } from '@/lib/graph/document'
import { migrateGraphDocument } from '@/lib/graph/migrate'
import type { CanvasInit } from './store-types'

/** The latest saved version brought to the current schema, or a starter graph. Throws GraphDocumentError. */
export function canvasInitOf({ workflow, latestVersion }: WorkflowResponse): CanvasInit {
  const document = latestVersion ? migrateGraphDocument(latestVersion.graph) : starterDocument()
  return {
    workflowId: workflow.id,
    name: workflow.name,
    document,
    version: latestVersion?.version ?? null,
    settings: workflow.settings,
    workspaceId: workflow.workspaceId,
  }
}
