import type { NodeStatus } from './node-decorations'

/** Classes both node bodies share (BaseNode's detailed one and SimpleNodeBody), so that they look like one node. */
export const handleClasses = '!h-3 !w-3 !border-2 !border-white !bg-zinc-400 hover:!bg-indigo-500'

export const statusDot: Record<NodeStatus, string> = {
  idle: 'bg-zinc-300',
  running: 'bg-indigo-500 animate-pulse',
  succeeded: 'bg-emerald-500',
  failed: 'bg-red-500',
  waiting: 'bg-amber-500',
}
