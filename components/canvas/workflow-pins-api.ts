/**
 * The typed calls of a workflow's pinned outputs (issue #31) — list, pin (naming the pin it replaces) and unpin — and
 * of what a node received in its latest runs, which "Run this node…" starts from.
 */
import { fetchJson, fetchParsed } from '@/components/api-client'
import { nodeInputsResponseSchema, type NodeInput } from '@/lib/contracts/node-inputs'
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

/** What the node received in the workflow's latest runs that reached it, newest first. */
export async function listNodeInputs(workflowId: string, nodeId: string): Promise<NodeInput[]> {
  const query = new URLSearchParams({ nodeId })
  return (await fetchParsed(nodeInputsResponseSchema, `/api/workflows/${encodeURIComponent(workflowId)}/node-inputs?${query.toString()}`)).inputs
}
