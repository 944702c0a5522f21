/**
 * The two workflows the run-throughput benchmark saves through the API, as the canvas would:
 * - a five-node demo: start → agent (demo model) → transform → agent (demo model) → output, so a
 *   run is five supersteps with two streamed model answers and needs no API key;
 * - a parking one: start → human_input → output, whose runs stop at the question and wait for a
 *   person (parked: no worker holds them).
 */
import { CURRENT_SCHEMA_VERSION, type GraphDocument } from '../../../lib/graph/document'
import { defaultNodeData } from '../../../lib/graph/node-data'

function demoAgent(name: string, instructions: string) {
  return {
    ...defaultNodeData('agent'),
    name,
    instructions,
    // 'demo' rather than 'default': the bench must never reach OpenAI, whatever the environment holds.
    model: { provider: 'demo' as const },
  }
}

export function fiveNodeDemoWorkflow(): GraphDocument {
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    nodes: [
      { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: { inputDescription: 'Any text.' } },
      { id: 'drafter', kind: 'agent', position: { x: 250, y: 0 }, data: demoAgent('Drafter', 'Draft a short answer.') },
      { id: 'tidy', kind: 'transform', position: { x: 500, y: 0 }, data: { expression: 'input' } },
      { id: 'reviewer', kind: 'agent', position: { x: 750, y: 0 }, data: demoAgent('Reviewer', 'Review the draft.') },
      { id: 'output', kind: 'output', position: { x: 1000, y: 0 }, data: {} },
    ],
    edges: [
      { id: 'start->drafter', source: 'start', target: 'drafter' },
      { id: 'drafter->tidy', source: 'drafter', target: 'tidy' },
      { id: 'tidy->reviewer', source: 'tidy', target: 'reviewer' },
      { id: 'reviewer->output', source: 'reviewer', target: 'output' },
    ],
  }
}

export function parkingWorkflow(): GraphDocument {
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    nodes: [
      { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: { inputDescription: 'Any text.' } },
      { id: 'ask', kind: 'human_input', position: { x: 250, y: 0 }, data: { prompt: 'Go on?' } },
      { id: 'output', kind: 'output', position: { x: 500, y: 0 }, data: {} },
    ],
    edges: [
      { id: 'start->ask', source: 'start', target: 'ask' },
      { id: 'ask->output', source: 'ask', target: 'output' },
    ],
  }
}
