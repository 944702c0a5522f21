import { describe, expect, it } from 'vitest'
import type { CanvasNode } from './adapter'
import { SLOT, freeSpotNear } from './placement'

const node = (id: string, x: number, y: number): CanvasNode => ({
  id,
  type: 'agent',
  position: { x, y },
  data: {} as never,
  measured: { width: 240, height: 90 },
})

describe('freeSpotNear', () => {
  it('uses the origin when it is free', () => {
    expect(freeSpotNear({ x: 0, y: 0 }, [])).toEqual({ x: 0, y: 0 })
  })

  it('prefers the slot below when the origin is taken', () => {
    expect(freeSpotNear({ x: 0, y: 0 }, [node('a', 10, 10)])).toEqual({ x: 0, y: SLOT.height })
  })

  it('stays inside the visible area', () => {
    const visible = { minX: -10, minY: -10, maxX: 600, maxY: 130 }
    const spot = freeSpotNear({ x: 0, y: 0 }, [node('a', 0, 0)], visible)
    expect(spot).toEqual({ x: SLOT.width, y: 0 })
  })
})
