/**
 * The auto layout's worker: elkjs's layered algorithm, which takes seconds at 1,000 nodes, off the editor's main
 * thread. Answers each `LayoutRequest` with the laid-out graph or the layout's error (layout-engine.ts).
 */
import ELK from 'elkjs/lib/elk.bundled.js'
import type { LayoutReply, LayoutRequest } from './layout-engine'

// The bundled build answers elk-api's own messages in a worker scope; this worker speaks the protocol below instead.
const elk = new ELK()

self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  const { id, graph } = event.data
  elk.layout(graph).then(
    (laidOut) => self.postMessage({ id, graph: laidOut } satisfies LayoutReply),
    (error: unknown) => self.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies LayoutReply),
  )
}
