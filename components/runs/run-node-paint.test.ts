import { describe, expect, it } from 'vitest'
import { RUN_NODE_PAINT, runNodePaint } from './run-node-paint'
import type { NodeRunStatus } from './run-state'
import { NODE_STATUS_STYLE } from './status-style'

const statuses = Object.keys(NODE_STATUS_STYLE) as NodeRunStatus[]

describe('run node paint (the run graph in the overview)', () => {
  it('tells every status apart by the colour that fills a node a pixel or two across', () => {
    const solids = statuses.map((status) => RUN_NODE_PAINT[status].solid)
    expect(new Set(solids).size).toBe(statuses.length)
  })

  it('rings the statuses the cards ring (running, waiting for a person, failed) and dashes a stopped one', () => {
    for (const status of statuses) {
      const card = NODE_STATUS_STYLE[status].card
      expect(RUN_NODE_PAINT[status].lineWidth, status).toBe(card.includes('ring-2') ? 2 : 1)
      expect(Boolean(RUN_NODE_PAINT[status].dashed), status).toBe(card.includes('border-dashed'))
    }
    expect(statuses.filter((status) => RUN_NODE_PAINT[status].lineWidth === 2)).toEqual(['running', 'waiting', 'failed'])
  })

  it('paints a node the run has not reached as idle', () => {
    expect(runNodePaint(undefined)).toBe(RUN_NODE_PAINT.idle)
    expect(runNodePaint('done').solid).toBe('#10b981')
  })
})
