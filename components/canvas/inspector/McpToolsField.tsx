'use client'

import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import type { FieldChange } from './field-types'

/**
 * The tools chosen per MCP server the agent uses, by the server's own tool names. Empty offers the
 * server's every tool (its entry is removed), so a server that adds a tool later offers it too.
 */
export function McpToolsField({
  label,
  testId,
  serverIds,
  value,
  path,
  onChange,
}: {
  label: string
  testId: string
  serverIds: readonly string[]
  value: Record<string, string[]>
  path: readonly (string | number)[]
  onChange: FieldChange
}) {
  if (serverIds.length === 0) return null
  return (
    <Field label={label} help="Comma-separated tool names; empty offers all of the server's tools.">
      <div className="flex flex-col gap-2">
        {serverIds.map((serverId) => (
          <label key={serverId} className="flex items-center gap-2 text-xs text-zinc-600">
            <span className="w-32 shrink-0 truncate font-mono">{serverId}</span>
            <Input
              data-testid={`${testId}-${serverId}`}
              defaultValue={(value[serverId] ?? []).join(', ')}
              placeholder="All tools"
              onBlur={(e) => {
                const names = e.target.value
                  .split(',')
                  .map((name) => name.trim())
                  .filter((name) => name !== '')
                const next = { ...value }
                if (names.length === 0) delete next[serverId]
                else next[serverId] = names
                onChange(path, next)
              }}
            />
          </label>
        ))}
      </div>
    </Field>
  )
}
