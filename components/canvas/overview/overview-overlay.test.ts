import { describe, expect, it } from 'vitest'
import { movedPositions, sceneWithOverlay, snapped } from './overview-overlay'
import type { OverviewScene, SceneNode } from './overview-scene'

const sceneNode = (id: string, x: number, selected = false): SceneNode => ({
  id,
  box: { x, y: 0, width: 240, height: 80 },
  category: 'agents',
  title: id,
  selected,
  problems: 'none',
})

function scene(): OverviewScene {
  const nodes = [sceneNode('a', 0, true), sceneNode('b', 400), sceneNode('c', 800)]
  return { nodes, edges: [{ source: nodes[0].box, target: nodes[1].box, dashed: false, selected: false }] }
}

describe('overview overlay', () => {
  it('leaves the scene as it is without a gesture', () => {
    const plain = scene()
    expect(sceneWithOverlay(plain, {})).toBe(plain)
  })

  it('paints dragged nodes at their new place, their edges following them', () => {
    const shown = sceneWithOverlay(scene(), { drag: { ids: new Set(['a']), offset: { x: 50, y: 20 } } })
    expect(shown.nodes.map((node) => [node.box.x, node.box.y])).toEqual([
      [50, 20],
      [400, 0],
      [800, 0],
    ])
    expect(shown.edges[0].source).toBe(shown.nodes[0].box)
    expect(shown.edges[0].target).toBe(shown.nodes[1].box)
  })

  it('paints the selection a box would make instead of the current one', () => {
    const shown = sceneWithOverlay(scene(), { box: { rect: { x: 0, y: 0, width: 1, height: 1 }, ids: new Set(['b', 'c']) } })
    expect(shown.nodes.map((node) => node.selected)).toEqual([false, true, true])
  })

  it('moves only the given nodes, snapped when the canvas snaps, and leaves out the ones that did not move', () => {
    const nodes = [
      { id: 'a', position: { x: 0, y: 0 } },
      { id: 'b', position: { x: 100, y: 40 } },
      { id: 'c', position: { x: 7, y: 7 } },
    ]
    expect(movedPositions(nodes, new Set(['a', 'b']), { x: 33, y: -12 })).toEqual({ a: { x: 33, y: -12 }, b: { x: 133, y: 28 } })
    expect(movedPositions(nodes, new Set(['a', 'c']), { x: 2, y: 2 }, [15, 15])).toEqual({ c: { x: 15, y: 15 } })
    expect(snapped({ x: 22, y: 8 }, [15, 15])).toEqual({ x: 15, y: 15 })
    expect(snapped({ x: 22, y: 8 }, undefined)).toEqual({ x: 22, y: 8 })
  })
})
