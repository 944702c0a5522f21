/** The typed calls of a workflow's pinned outputs (issue #31): list, pin (naming the pin it replaces) and unpin. */
import { fetchJson, fetchParsed } from '@/components/api-client'
import { workflowPinListResponseSchema, workflowPinResponseSchema, type PutWorkflowPinBody, type WorkflowPinView } from '@/lib/contracts/workflow-pins'

const pinsUrl = (workflowId: string) => `/api/workflows/${encodeURIComponent(workflowId)}/pins`

export async function listWorkflowPins(workflowId: string): Promise<WorkflowPinView[]> {
  return (await fetchParsed(workflowPinListResponseSchema, pinsUrl(workflowId))).pins
}

export async function putWorkflowPin(workflowId: string, nodeId: string, body: PutWorkflowPinBody): Promise<WorkflowPinView> {
  const init = { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }
  return (await fetchParsed(workflowPinResponseSchema, `${pinsUrl(workflowId)}/${encodeURIComponent(nodeId)}`, init)).pin
}

export async function deleteWorkflowPin(workflowId: string, nodeId: string): Promise<void> {
  await fetchJson(`${pinsUrl(workflowId)}/${encodeURIComponent(nodeId)}`, { method: 'DELETE' })
}
