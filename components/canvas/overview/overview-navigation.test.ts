import { describe, expect, it } from 'vitest'
import { nearestInDirection, readingOrder, stepInOrder } from './overview-navigation'

const node = (id: string, x: number, y: number) => ({ id, box: { x, y, width: 240, height: 80 } })

describe('overview keyboard navigation', () => {
  it('reads rows top to bottom and each row left to right, a row laid out a little uneven included', () => {
    const nodes = [node('c', 600, 10), node('d', 0, 200), node('a', 0, 0), node('b', 300, -20), node('e', 300, 210)]
    expect(readingOrder(nodes)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(readingOrder([])).toEqual([])
  })

  it('steps through the order and answers undefined past either end, where Tab leaves the canvas', () => {
    const order = ['a', 'b', 'c']
    expect(stepInOrder(order, undefined, 1)).toBe('a')
    expect(stepInOrder(order, undefined, -1)).toBe('c')
    expect(stepInOrder(order, 'a', 1)).toBe('b')
    expect(stepInOrder(order, 'c', 1)).toBeUndefined()
    expect(stepInOrder(order, 'a', -1)).toBeUndefined()
    expect(stepInOrder(order, 'gone', 1)).toBe('a')
  })

  it('goes to the nearest node in a direction, preferring the one straight ahead', () => {
    const centre = node('centre', 0, 0)
    const ahead = node('ahead', 600, 0)
    const nearButAside = node('aside', 300, 260)
    const below = node('below', 0, 200)
    const nodes = [centre, ahead, nearButAside, below]
    expect(nearestInDirection(nodes, centre, 'right')?.id).toBe('ahead')
    expect(nearestInDirection(nodes, centre, 'down')?.id).toBe('below')
    expect(nearestInDirection(nodes, centre, 'left')).toBeUndefined()
    expect(nearestInDirection(nodes, centre, 'up')).toBeUndefined()
    expect(nearestInDirection(nodes, below, 'up')?.id).toBe('centre')
  })
})
