import type { NodeData } from '@/lib/graph/node-data'
import { agentSettingsFields } from '../inspector-fields'
import { count, define, truncate } from './definition'

function agentSummary(data: NodeData<'agent'>): string[] {
  const lines = [data.instructions ? truncate(data.instructions) : 'No instructions yet']
  const model = data.model.model ?? (data.model.provider === 'default' ? 'default model' : data.model.provider)
  const tools = data.mcpServerIds.length + data.functionTools.length
  lines.push(tools > 0 ? `${model} · ${count(tools, 'tool source')}` : model)
  return lines
}

export const agentKind = define('agent', {
  label: 'Agent',
  description: 'A model with instructions and tools; answers the message it receives.',
  category: 'agents',
  icon: 'M12 3l1.9 4.6 4.6 1.9-4.6 1.9L12 16l-1.9-4.6L5.5 9.5l4.6-1.9zM18 15l.8 2.2L21 18l-2.2.8L18 21l-.8-2.2L15 18l2.2-.8z',
  title: (data) => data.label || data.name || 'Agent',
  summary: agentSummary,
  fields: agentSettingsFields(),
})
