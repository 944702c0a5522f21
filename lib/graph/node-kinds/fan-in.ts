/** Waits for every connected source, then joins their messages. */
import { z } from 'zod'
import { nodeLabel } from '../agent-settings'
import { error, type GraphProblem } from '../problems'
import { literal } from '../typescript-literal'
import { references, singleOutput, type NodeKindDefinition } from './definition'

export const FanInDataSchema = z.object({
  label: nodeLabel,
  /** 'text' joins the received messages' text with `separator`; 'list' passes the array on. */
  join: z.enum(['text', 'list']).default('text'),
  separator: z.string().max(100).default('\n\n'),
})

export const fanInKind = {
  kind: 'fan_in',
  dataSchema: FanInDataSchema,
  hasInput: true,
  sourceHandles: singleOutput,
  validate: (node, around) => {
    const at = { nodeId: node.id }
    const problems: GraphProblem[] = []
    const sources = new Set(around.incoming.map((edge) => edge.source))
    if (sources.size < 2) {
      problems.push(error('fan_in_sources', `Fan-in has ${sources.size} source(s); it joins at least two.`, at))
    }
    for (const edge of around.incoming) {
      // A join waits for every source; a conditional arrival could leave it waiting forever.
      const conditional = edge.condition !== undefined || around.kindOf(edge.source) === 'condition'
      if (conditional) {
        problems.push(
          error('fan_in_condition', 'Edges into a fan-in cannot be conditional (nor come from a condition): the join would wait forever.', {
            nodeId: node.id,
            edgeId: edge.id,
          }),
        )
      }
    }
    return problems
  },
  references: () => references(),
  exportTypeScript: (id, data) => ({ expression: `fanInNode(${id}, ${literal(data.join)}, ${literal(data.separator)})` }),
} satisfies NodeKindDefinition<'fan_in', typeof FanInDataSchema>
