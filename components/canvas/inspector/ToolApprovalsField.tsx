'use client'

import { useState } from 'react'
import { Button } from '@/components/ui/Button'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { Select } from '@/components/ui/Select'
import type { FieldChange } from './field-types'

const MODES = [
  { value: 'always_require', label: 'Ask before each call' },
  { value: 'never_require', label: 'Never ask' },
]

/** Approval per tool (by the name the model sees, e.g. `get_time` or `server_tool`), overriding the agent's mode. */
export function ToolApprovalsField({
  label,
  testId,
  value,
  path,
  onChange,
}: {
  label: string
  testId: string
  value: Record<string, string>
  path: readonly (string | number)[]
  onChange: FieldChange
}) {
  const [name, setName] = useState('')
  const entries = Object.entries(value)
  const add = () => {
    const tool = name.trim()
    if (tool === '') return
    onChange(path, { ...value, [tool]: value[tool] ?? 'always_require' })
    setName('')
  }
  return (
    <Field label={label} help="Overrides the agent's approval for the tools named here.">
      <div className="flex flex-col gap-2" data-testid={testId}>
        {entries.map(([tool, mode]) => (
          <div key={tool} className="flex items-center gap-2">
            <span className="min-w-0 flex-1 truncate font-mono text-xs text-zinc-700">{tool}</span>
            <Select
              aria-label={`Approval for ${tool}`}
              data-testid={`${testId}-${tool}`}
              className="w-44"
              options={MODES}
              value={mode}
              onChange={(e) => onChange(path, { ...value, [tool]: e.target.value })}
            />
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Remove ${tool}`}
              onClick={() => onChange(path, Object.fromEntries(entries.filter(([other]) => other !== tool)))}
            >
              ×
            </Button>
          </div>
        ))}
        <div className="flex items-center gap-2">
          <Input
            aria-label="Tool name"
            data-testid={`${testId}-name`}
            value={name}
            placeholder="Tool name"
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                add()
              }
            }}
          />
          <Button size="sm" onClick={add} data-testid={`${testId}-add`}>
            Add
          </Button>
        </div>
      </div>
    </Field>
  )
}
