import { describe, expect, it } from 'vitest'
import {
  DEFAULT_MIN_ZOOM,
  MINIMAP_SIZE,
  OVERVIEW_BELOW_ZOOM,
  READABLE_ZOOM,
  SIMPLE_NODES_BELOW_ZOOM,
  fitViewOptionsFor,
  minZoomFor,
  overviewStartViewport,
  showsOverview,
} from './fit-view'

/** `count` node positions in rows of `columns`, 300 × 150 px apart. */
function grid(count: number, columns: number) {
  return Array.from({ length: count }, (_, i) => ({ position: { x: 300 * (i % columns), y: 150 * Math.floor(i / columns) } }))
}

describe('fit view', () => {
  it('never zooms a small graph out below a readable zoom; a large one may', () => {
    expect(fitViewOptionsFor(4, false).minZoom).toBe(READABLE_ZOOM)
    expect(READABLE_ZOOM * 13).toBeGreaterThanOrEqual(9.75)
    expect(fitViewOptionsFor(1000, true).minZoom).toBeUndefined()
  })

  it('keeps the strip under the minimap free when it is shown', () => {
    expect(fitViewOptionsFor(4, true).padding).toMatchObject({ bottom: `${MINIMAP_SIZE.height + 30}px` })
    expect(fitViewOptionsFor(4, false).padding).toMatchObject({ bottom: '24px' })
  })

  it("keeps React Flow's minimum zoom for a graph that fits at it, and lowers it until a large graph fits", () => {
    expect(minZoomFor([])).toBe(DEFAULT_MIN_ZOOM)
    expect(minZoomFor(grid(20, 5))).toBe(DEFAULT_MIN_ZOOM)
    for (const [size, columns] of [
      [500, 28],
      [1000, 39],
      [2000, 55],
    ]) {
      const nodes = grid(size, columns)
      const width = Math.max(...nodes.map((n) => n.position.x)) + 240
      const height = Math.max(...nodes.map((n) => n.position.y)) + 120
      const zoom = minZoomFor(nodes)
      // The whole graph fits a 560×300 canvas at the minimum zoom, which is at most half what it needs.
      expect(width * zoom).toBeLessThanOrEqual(560)
      expect(height * zoom).toBeLessThanOrEqual(300)
      expect(Math.min(560 / width, 300 / height)).toBeLessThan(2 * zoom)
    }
    // A column of 2,000 nodes would need a zoom at which nodes are invisible: the minimum stops before.
    expect(minZoomFor(grid(2000, 1))).toBe(DEFAULT_MIN_ZOOM / 64)
  })

  it('draws simple nodes only below the zoom at which detailed text stops being readable', () => {
    expect(SIMPLE_NODES_BELOW_ZOOM).toBeLessThan(READABLE_ZOOM)
    expect(SIMPLE_NODES_BELOW_ZOOM * 13).toBeLessThan(8)
  })
  it('draws a large graph as an overview only where a simple node title is too small to read, and a small graph never', () => {
    expect(OVERVIEW_BELOW_ZOOM).toBeLessThan(SIMPLE_NODES_BELOW_ZOOM)
    expect(OVERVIEW_BELOW_ZOOM * 26).toBeLessThan(8)
    expect(showsOverview(1000, 0.058)).toBe(true)
    expect(showsOverview(1000, OVERVIEW_BELOW_ZOOM)).toBe(false)
    expect(showsOverview(40, DEFAULT_MIN_ZOOM)).toBe(false)
    expect(showsOverview(41, DEFAULT_MIN_ZOOM)).toBe(true)
  })

  it('opens a graph in the overview, framed whole, when fit view would show it there', () => {
    const canvas = { width: 1000, height: 600 }
    const nodes = grid(1000, 40)
    const viewport = overviewStartViewport(nodes, canvas, true)
    expect(viewport).not.toBeNull()
    const { x, y, zoom } = viewport!
    expect(zoom).toBeLessThan(OVERVIEW_BELOW_ZOOM)
    expect(zoom).toBeGreaterThanOrEqual(minZoomFor(nodes))
    // Every node (an estimated 240 × 80 where not measured) is inside the canvas, above the minimap's strip.
    const right = x + (300 * 39 + 240) * zoom
    const bottom = y + (150 * 24 + 80) * zoom
    expect(x).toBeGreaterThanOrEqual(0)
    expect(y).toBeGreaterThanOrEqual(0)
    expect(right).toBeLessThanOrEqual(canvas.width)
    expect(bottom).toBeLessThanOrEqual(canvas.height - MINIMAP_SIZE.height)
  })

  it('leaves the first fit to React Flow for a small graph, one that fits above the overview zoom, or a canvas without a size', () => {
    expect(overviewStartViewport(grid(30, 6), { width: 1000, height: 600 }, false)).toBeNull()
    expect(overviewStartViewport(grid(50, 5), { width: 1000, height: 600 }, false)).toBeNull()
    expect(overviewStartViewport(grid(1000, 40), { width: 0, height: 0 }, false)).toBeNull()
  })

  it('uses measured sizes where React Flow has them', () => {
    const canvas = { width: 1000, height: 600 }
    const small = overviewStartViewport(grid(300, 20), canvas, false)!
    const tall = overviewStartViewport(
      grid(300, 20).map((node) => ({ ...node, measured: { width: 240, height: 2000 } })),
      canvas,
      false,
    )!
    expect(tall.zoom).toBeLessThan(small.zoom)
  })
})
