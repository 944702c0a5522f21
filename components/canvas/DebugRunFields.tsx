'use client'

import type { Breakpoint } from '@/lib/contracts/run-debug'

export interface DebugRunFieldsProps {
  /** The workflow's nodes that can hold a breakpoint: id and the name shown. */
  nodes: ReadonlyArray<{ id: string; name: string }>
  breakpoints: readonly Breakpoint[]
  onChange: (breakpoints: Breakpoint[]) => void
}

/** The run dialog's debug part: a breakpoint before and/or after each node (a red dot when set). */
export function DebugRunFields({ nodes, breakpoints, onChange }: DebugRunFieldsProps) {
  const has = (nodeId: string, when: Breakpoint['when']) => breakpoints.some((b) => b.nodeId === nodeId && b.when === when)
  const toggle = (nodeId: string, when: Breakpoint['when']) =>
    onChange(has(nodeId, when) ? breakpoints.filter((b) => !(b.nodeId === nodeId && b.when === when)) : [...breakpoints, { nodeId, when }])
  return (
    <table className="mt-3 w-full text-xs" data-testid="debug-breakpoints">
      <thead>
        <tr className="text-left text-zinc-500">
          <th className="py-1 font-medium">Breakpoint on</th>
          <th className="py-1 font-medium">Before</th>
          <th className="py-1 font-medium">After</th>
        </tr>
      </thead>
      <tbody>
        {nodes.map((node) => (
          <tr key={node.id} data-testid={`debug-node-${node.id}`}>
            <td className="py-1">
              <span
                aria-hidden
                className={`mr-1.5 inline-block size-2 rounded-full ${breakpoints.some((b) => b.nodeId === node.id) ? 'bg-red-600' : 'bg-zinc-200'}`}
              />
              {node.name}
            </td>
            {(['before', 'after'] as const).map((when) => (
              <td key={when} className="py-1">
                <input
                  type="checkbox"
                  aria-label={`Break ${when} ${node.name}`}
                  data-testid={`breakpoint-${when}-${node.id}`}
                  checked={has(node.id, when)}
                  onChange={() => toggle(node.id, when)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
