/** Sends the message to every connected node at once. */
import { z } from 'zod'
import { nodeLabel } from '../agent-settings'
import { warning } from '../problems'
import { references, singleOutput, type NodeKindDefinition } from './definition'

export const FanOutDataSchema = z.object({ label: nodeLabel })

export const fanOutKind = {
  kind: 'fan_out',
  dataSchema: FanOutDataSchema,
  hasInput: true,
  sourceHandles: singleOutput,
  validate: (node, around) => {
    const targets = around.outgoing.length
    return targets < 2 ? [warning('fan_out_targets', `Fan-out has ${targets} target(s); it needs at least two to fan out.`, { nodeId: node.id })] : []
  },
  references: () => references(),
  exportTypeScript: (id) => ({ expression: `routeNode(${id})` }),
} satisfies NodeKindDefinition<'fan_out', typeof FanOutDataSchema>
