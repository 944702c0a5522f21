'use client'

import { useId } from 'react'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { mcpToolSlug } from '@/lib/contracts/mcp-tools'
import type { McpToolDraft } from './mcp-tool-draft'

export interface McpToolFieldsProps {
  /** The workflow's or agent's name: the default tool name is made from it. */
  subjectName: string
  kind: 'workflow' | 'agent'
  value: McpToolDraft
  onChange: (value: McpToolDraft) => void
  error?: string
  testIdPrefix: string
}

/** "Offer as an MCP tool" and the tool's name, for the workflow details dialog and the agent editor. */
export function McpToolFields({ subjectName, kind, value, onChange, error, testIdPrefix }: McpToolFieldsProps) {
  const ids = useId()
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-start gap-2 text-xs text-zinc-700">
        <input
          type="checkbox"
          data-testid={`${testIdPrefix}-mcp-offered`}
          className="mt-0.5 h-4 w-4 accent-indigo-600"
          checked={value.offered}
          onChange={(event) => onChange({ ...value, offered: event.target.checked })}
        />
        <span>
          Offer as an MCP tool
          <span className="block text-zinc-500">
            MCP clients with one of your API tokens can call this {kind} at the app&apos;s /mcp endpoint (see Settings).
          </span>
        </span>
      </label>
      {value.offered ? (
        <Field label="Tool name" htmlFor={`${ids}-tool-name`} help="Letters, digits, underscores or hyphens; unique among your tools." error={error}>
          <Input
            id={`${ids}-tool-name`}
            data-testid={`${testIdPrefix}-mcp-name`}
            value={value.name}
            placeholder={mcpToolSlug(subjectName, kind)}
            onChange={(event) => onChange({ ...value, name: event.target.value })}
          />
        </Field>
      ) : null}
    </div>
  )
}
