export interface McpEndpointPanelProps {
  /** The endpoint's address as people reach this app. */
  url: string
}

/** Where MCP clients reach the workflows and agents offered as tools, and the configuration a desktop client takes. */
export function McpEndpointPanel({ url }: McpEndpointPanelProps) {
  const config = JSON.stringify({ mcpServers: { agentloom: { url, headers: { Authorization: 'Bearer <token>' } } } }, null, 2)
  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-5" data-testid="mcp-endpoint">
      <h2 className="text-sm font-semibold text-zinc-900">MCP endpoint</h2>
      <p className="mt-1 text-sm text-zinc-600">
        The workflows and agents you offer as MCP tools (in a workflow&apos;s details, or on an agent&apos;s page) are served over Streamable HTTP at{' '}
        <code className="font-mono text-xs" data-testid="mcp-endpoint-url">
          {url}
        </code>{' '}
        to clients that send one of your API tokens. Approvals they raise wait for you in Approvals.
      </p>
      <p className="mt-3 text-xs font-medium text-zinc-600">A desktop client&apos;s configuration (put a token above in place of &lt;token&gt;):</p>
      <pre className="mt-1 overflow-x-auto rounded-md bg-zinc-50 p-3 font-mono text-xs text-zinc-800" data-testid="mcp-endpoint-config">
        {config}
      </pre>
    </section>
  )
}
