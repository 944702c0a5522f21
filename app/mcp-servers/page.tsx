import type { Metadata } from 'next'
import { McpServerList } from './McpServerList'

export const metadata: Metadata = { title: 'MCP servers' }

export default function McpServersPage() {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-6">
      <div>
        <h1 className="text-xl font-semibold tracking-tight text-zinc-900">MCP servers</h1>
        <p className="mt-1 text-sm text-zinc-600">
          Servers that agents can use as tools. Pick them per agent in the workflow editor. Read-only for now.
        </p>
      </div>
      <McpServerList />
    </div>
  )
}
