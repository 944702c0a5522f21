import { describe, expect, it } from 'vitest'
import {
  autoPanStep,
  boundsOf,
  edgeEndpoints,
  flowToScreen,
  intersects,
  nodeAt,
  screenToFlow,
  transformToFit,
  visibleFlowRect,
  type ViewportTransform,
} from './overview-geometry'

const transform: ViewportTransform = [100, 50, 0.5]
const node = (id: string, x: number, y: number) => ({ id, box: { x, y, width: 240, height: 80 } })

describe('overview geometry', () => {
  it('maps flow points to the screen and back', () => {
    expect(flowToScreen({ x: 200, y: 100 }, transform)).toEqual({ x: 200, y: 100 })
    expect(screenToFlow({ x: 200, y: 100 }, transform)).toEqual({ x: 200, y: 100 })
    expect(screenToFlow(flowToScreen({ x: -37, y: 512 }, transform), transform)).toEqual({ x: -37, y: 512 })
  })

  it('pans while a drag holds the pointer near an edge, faster nearer it, as React Flow does', () => {
    const size = { width: 800, height: 600 }
    expect(autoPanStep({ x: 400, y: 300 }, size, 15)).toEqual({ x: 0, y: 0 })
    expect(autoPanStep({ x: 40, y: 560 }, size, 15)).toEqual({ x: 0, y: 0 })
    // Near the right edge the view moves left (the flow beyond the edge comes into view), up to `speed` at the edge.
    expect(autoPanStep({ x: 780, y: 300 }, size, 15)).toEqual({ x: -7.5, y: 0 })
    expect(autoPanStep({ x: 800, y: 300 }, size, 15)).toEqual({ x: -15, y: 0 })
    expect(autoPanStep({ x: 950, y: 300 }, size, 15)).toEqual({ x: -15, y: 0 })
    // In a corner both ways; past the left or top edge at full speed the other way.
    expect(autoPanStep({ x: -20, y: 10 }, size, 15)).toEqual({ x: 15, y: 11.25 })
  })

  it('knows which part of the flow is in view', () => {
    expect(visibleFlowRect(transform, { width: 800, height: 600 })).toEqual({ x: -200, y: -100, width: 1600, height: 1200 })
    expect(intersects({ x: 0, y: 0, width: 10, height: 10 }, { x: 9, y: 9, width: 10, height: 10 })).toBe(true)
    expect(intersects({ x: 0, y: 0, width: 10, height: 10 }, { x: 10, y: 0, width: 10, height: 10 })).toBe(false)
  })

  it('finds the node under a point, the one drawn last when two overlap', () => {
    const nodes = [node('a', 0, 0), node('b', 200, 40), node('c', 1000, 0)]
    expect(nodeAt(nodes, { x: 10, y: 10 })?.id).toBe('a')
    expect(nodeAt(nodes, { x: 220, y: 60 })?.id).toBe('b')
    expect(nodeAt(nodes, { x: 600, y: 10 })).toBeUndefined()
  })

  it('finds the nearest node within the slack when the point misses every box', () => {
    const nodes = [node('a', 0, 0), node('b', 0, 200)]
    expect(nodeAt(nodes, { x: 120, y: 95 })).toBeUndefined()
    expect(nodeAt(nodes, { x: 120, y: 95 }, 20)?.id).toBe('a')
    expect(nodeAt(nodes, { x: 120, y: 190 }, 20)?.id).toBe('b')
    expect(nodeAt(nodes, { x: 120, y: 140 }, 20)).toBeUndefined()
  })

  it('draws an edge from the source’s right side to the target’s left side', () => {
    expect(edgeEndpoints(node('a', 0, 0).box, node('b', 300, 150).box)).toEqual({ from: { x: 240, y: 40 }, to: { x: 300, y: 190 } })
  })

  it('fits bounds into a minimap, centred', () => {
    const bounds = boundsOf([node('a', 0, 0).box, node('b', 960, 320).box])!
    expect(bounds).toEqual({ x: 0, y: 0, width: 1200, height: 400 })
    const [x, y, zoom] = transformToFit(bounds, { width: 200, height: 150 }, 0)
    expect(zoom).toBeCloseTo(1 / 6)
    expect(flowToScreen({ x: 600, y: 200 }, [x, y, zoom])).toEqual({ x: 100, y: 75 })
    expect(boundsOf([])).toBeUndefined()
  })
})
