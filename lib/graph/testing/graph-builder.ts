/**
 * A small fluent builder for documents in tests: `graph().start().agent('a').output().chain('start', 'a', 'output').build()`.
 * Data is parsed through the real schemas, so omitted fields get their defaults.
 */
import { CURRENT_SCHEMA_VERSION, GraphNodeSchema, type GraphDocument, type GraphEdge, type GraphNode } from '../document'
import type { NodeKind } from '../node-data'

export class TestGraphBuilder {
  private readonly nodes: GraphNode[] = []
  private readonly edges: GraphEdge[] = []

  node(id: string, kind: NodeKind, data: Record<string, unknown> = {}): this {
    const x = this.nodes.length * 300
    this.nodes.push(GraphNodeSchema.parse({ id, kind, position: { x, y: 0 }, data }) as GraphNode)
    return this
  }

  start(id = 'start', data: Record<string, unknown> = {}): this {
    return this.node(id, 'start', data)
  }

  agent(id: string, data: Record<string, unknown> = {}): this {
    return this.node(id, 'agent', { name: id, instructions: `You are ${id}.`, model: { provider: 'demo' }, ...data })
  }

  output(id = 'output'): this {
    return this.node(id, 'output')
  }

  edge(source: string, target: string, extra: Partial<GraphEdge> = {}): this {
    const handle = extra.sourceHandle ? `:${extra.sourceHandle}` : ''
    this.edges.push({ id: `${source}->${target}${handle}#${this.edges.length}`, source, target, ...extra })
    return this
  }

  chain(...ids: string[]): this {
    for (let i = 1; i < ids.length; i++) this.edge(ids[i - 1]!, ids[i]!)
    return this
  }

  build(): GraphDocument {
    return { schemaVersion: CURRENT_SCHEMA_VERSION, nodes: [...this.nodes], edges: [...this.edges] }
  }
}

export function graph(): TestGraphBuilder {
  return new TestGraphBuilder()
}
