import type { Node } from '@xyflow/react'
import { ESTIMATED_NODE_SIZE } from '../fit-view'

/** Each node's hidden copy, kept while the node is unchanged, so that React Flow re-reads only the nodes that changed. */
const hiddenCopies = new WeakMap<Node, Node>()

/**
 * The nodes as React Flow gets them under the canvas overview: hidden, so it renders no element for them.
 * A graph that opens in the overview was never rendered, so its nodes have no measured size: the
 * estimated one (`size`: the editor's simple body unless a view's nodes are another size, as the run
 * graph's are) lets fit view (which counts hidden nodes only when they have a size) still frame them.
 * A view passes the same `size` for the same node objects, so the kept copy is always right.
 */
export function hiddenFromReactFlow<N extends Node>(nodes: readonly N[], size: { width: number; height: number } = ESTIMATED_NODE_SIZE): N[] {
  return nodes.map((node) => {
    let hidden = hiddenCopies.get(node) as N | undefined
    if (hidden === undefined) {
      hidden = { ...node, hidden: true, initialWidth: size.width, initialHeight: size.height }
      hiddenCopies.set(node, hidden)
    }
    return hidden
  })
}
