import type { Metadata } from 'next'
import { McpServersPanel } from '@/components/mcp/McpServersPanel'

export const metadata: Metadata = { title: 'MCP servers' }

export default function McpServersPage() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-6">
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">MCP servers</h1>
        <p className="mt-1 text-sm text-zinc-600">
          Servers that agents can use as tools; pick them per agent in the workflow editor. Environment values and headers are kept on the server and never
          shown again.
        </p>
      </div>
      <McpServersPanel />
    </div>
  )
}
