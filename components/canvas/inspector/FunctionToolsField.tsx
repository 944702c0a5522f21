'use client'

/** An agent's function tools, picked from the server's registry (GET /api/function-tools). */
import { useFunctionToolsQuery } from '@/components/queries/function-tools'
import { ChecklistField } from './ChecklistField'

const MESSAGES = { loading: 'Loading tools…', failed: 'Could not load function tools', unknown: '(not a registered tool)' }

export function FunctionToolsField({
  label,
  testId,
  value,
  onChange,
}: {
  label: string
  testId: string
  value: string[]
  onChange: (names: string[]) => void
}) {
  const tools = useFunctionToolsQuery()
  const items = tools.data?.map((tool) => ({ value: tool.name, name: tool.name, code: true, detail: tool.description, detailTitle: tool.description }))
  return (
    <ChecklistField
      label={label}
      testId={testId}
      value={value}
      onChange={onChange}
      items={items}
      loading={tools.isPending}
      loadError={tools.error}
      messages={MESSAGES}
    />
  )
}
