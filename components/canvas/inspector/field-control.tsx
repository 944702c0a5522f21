'use client'

import { useId } from 'react'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Select } from '@/components/ui/select'
import { Textarea } from '@/components/ui/textarea'
import { checkExpression } from '@/lib/graph/cel'
import { getAt, type FieldPath, type InspectorField } from '../inspector-fields'
import { CasesEditor, HandoffsEditor, ParticipantsEditor, AgentSettingsGroup } from './list-editors'
import { McpServersField, WorkflowField } from './resource-fields'
import { FunctionToolsField } from './function-tools-field'
import { SkillsField } from './skills-field'

export interface FieldChange {
  (path: FieldPath, value: unknown, options?: { mergeKey?: string; removeEdgeHandles?: string[] }): void
}

export interface FieldControlProps {
  field: InspectorField
  /** The whole node data; the field reads `basePath + field.path` from it. */
  data: Record<string, unknown>
  basePath?: FieldPath
  onChange: FieldChange
  /** Prefix for test ids of nested fields (e.g. `participants-0`). */
  testIdPrefix?: string
}

export function FieldControl({ field, data, basePath = [], onChange, testIdPrefix }: FieldControlProps) {
  const domId = useId()
  const path = [...basePath, ...field.path]
  const value = getAt(data, path)
  const testId = `inspector-${testIdPrefix ? `${testIdPrefix}-` : ''}${field.id}`
  const change = (next: unknown) => onChange(path, next, { mergeKey: path.join('.') })
  const scope = basePath.length > 0 ? (getAt(data, basePath) as Record<string, unknown>) : data
  if (field.visibleWhen && !field.visibleWhen(scope ?? {})) return null

  switch (field.type) {
    case 'text':
      return (
        <Field label={field.label} htmlFor={domId} help={field.help}>
          <Input id={domId} data-testid={testId} value={String(value ?? '')} placeholder={field.placeholder} onChange={(e) => change(e.target.value)} />
        </Field>
      )
    case 'textarea':
      return (
        <Field label={field.label} htmlFor={domId} help={field.help}>
          <Textarea id={domId} data-testid={testId} rows={field.rows} value={String(value ?? '')} placeholder={field.placeholder} onChange={(e) => change(e.target.value)} />
        </Field>
      )
    case 'expression':
      return <ExpressionField id={domId} testId={testId} label={field.label} help={field.help} placeholder={field.placeholder} value={String(value ?? '')} onChange={change} />
    case 'number':
      return (
        <Field label={field.label} htmlFor={domId} help={field.help}>
          <Input
            id={domId}
            data-testid={testId}
            type="number"
            inputMode="decimal"
            min={field.min}
            max={field.max}
            step={field.step}
            value={typeof value === 'number' ? value : ''}
            placeholder={field.optional ? 'Default' : undefined}
            onChange={(e) => {
              if (e.target.value === '') return field.optional ? change(undefined) : undefined
              const number = e.target.valueAsNumber
              if (!Number.isNaN(number)) change(number)
            }}
          />
        </Field>
      )
    case 'select':
      return (
        <Field label={field.label} htmlFor={domId} help={field.help}>
          <Select id={domId} data-testid={testId} options={field.options} value={String(value ?? field.options[0]?.value ?? '')} onChange={(e) => change(e.target.value)} />
        </Field>
      )
    case 'checkbox':
      return (
        <label className="flex items-center gap-2 text-sm text-zinc-700">
          <input type="checkbox" data-testid={testId} className="h-4 w-4 rounded border-zinc-300 accent-indigo-600" checked={value === true} onChange={(e) => change(e.target.checked)} />
          {field.label}
        </label>
      )
    case 'function_tools':
      return <FunctionToolsField label={field.label} testId={testId} value={(value as string[] | undefined) ?? []} onChange={change} />
    case 'skills':
      return <SkillsField label={field.label} testId={testId} value={(value as string[] | undefined) ?? []} onChange={change} />
    case 'mcp_servers':
      return <McpServersField label={field.label} testId={testId} value={(value as string[] | undefined) ?? []} onChange={change} />
    case 'workflow':
      return <WorkflowField id={domId} label={field.label} testId={testId} value={String(value ?? '')} onChange={change} />
    case 'participant': {
      const participants = (getAt(scope, ['participants']) as Array<{ id: string; name: string }> | undefined) ?? []
      const options = [{ value: '', label: field.allowNone ?? 'None' }, ...participants.map((p) => ({ value: p.id, label: p.name || p.id }))]
      return (
        <Field label={field.label} htmlFor={domId} help={field.help}>
          <Select id={domId} data-testid={testId} options={options} value={String(value ?? '')} onChange={(e) => change(e.target.value === '' ? undefined : e.target.value)} />
        </Field>
      )
    }
    case 'cases':
      return <CasesEditor label={field.label} help={field.help} testId={testId} data={data} path={path} onChange={onChange} />
    case 'participants':
      return <ParticipantsEditor label={field.label} testId={testId} data={data} path={path} onChange={onChange} />
    case 'handoffs':
      return <HandoffsEditor label={field.label} help={field.help} testId={testId} data={data} path={path} onChange={onChange} />
    case 'agent_settings':
      return <AgentSettingsGroup label={field.label} testId={testId} data={data} path={path} onChange={onChange} />
  }
}

export function ExpressionField(props: {
  id: string
  testId: string
  label: string
  help?: string
  placeholder?: string
  value: string
  onChange: (value: string) => void
}) {
  const check = props.value.trim() === '' ? undefined : checkExpression(props.value)
  const error = check && !check.ok ? check.message : undefined
  return (
    <Field label={props.label} htmlFor={props.id} help={props.help} error={error}>
      <Textarea
        id={props.id}
        data-testid={props.testId}
        rows={2}
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        className="font-mono text-xs"
        value={props.value}
        placeholder={props.placeholder}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field>
  )
}
