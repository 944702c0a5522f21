import type { CanvasNode } from '../adapter'

/** Each node's hidden copy, kept while the node is unchanged, so that React Flow re-reads only the nodes that changed. */
const hiddenCopies = new WeakMap<CanvasNode, CanvasNode>()

/** The nodes as React Flow gets them under the canvas overview: hidden, so it renders no element for them. */
export function hiddenFromReactFlow(nodes: readonly CanvasNode[]): CanvasNode[] {
  return nodes.map((node) => {
    let hidden = hiddenCopies.get(node)
    if (hidden === undefined) {
      hidden = { ...node, hidden: true }
      hiddenCopies.set(node, hidden)
    }
    return hidden
  })
}
