import { describe, expect, it } from 'vitest'
import { MINIMAP_SIZE, READABLE_ZOOM, fitViewOptionsFor } from './fit-view'

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
})
