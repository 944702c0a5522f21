import type { CanvasNode } from '../adapter'
import { ESTIMATED_NODE_SIZE } from '../fit-view'

/** Each node's hidden copy, kept while the node is unchanged, so that React Flow re-reads only the nodes that changed. */
const hiddenCopies = new WeakMap<CanvasNode, CanvasNode>()

/**
 * The nodes as React Flow gets them under the canvas overview: hidden, so it renders no element for them.
 * A graph that opens in the overview was never rendered, so its nodes have no measured size: the
 * estimated one lets fit view (which counts hidden nodes only when they have a size) still frame them.
 */
export function hiddenFromReactFlow(nodes: readonly CanvasNode[]): CanvasNode[] {
  return nodes.map((node) => {
    let hidden = hiddenCopies.get(node)
    if (hidden === undefined) {
      hidden = { ...node, hidden: true, initialWidth: ESTIMATED_NODE_SIZE.width, initialHeight: ESTIMATED_NODE_SIZE.height }
      hiddenCopies.set(node, hidden)
    }
    return hidden
  })
}
