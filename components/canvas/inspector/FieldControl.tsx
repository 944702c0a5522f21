'use client'

import { useId } from 'react'
import { Field } from '@/components/ui/Field'
import { Input } from '@/components/ui/Input'
import { Select } from '@/components/ui/Select'
import { Textarea } from '@/components/ui/Textarea'
import { getAt } from '../inspector-fields'
import { FileAccessSettingsSchema, type StructuredField } from '@/lib/graph/node-data'
import type { InputField } from '@/lib/graph/start-input'
import { AgentField } from './AgentField'
import { AgentSettingsGroup } from './AgentSettingsGroup'
import { CasesEditor } from './CasesEditor'
import { ExpressionField } from './ExpressionField'
import type { FieldControlProps } from './field-types'
import { FileFolderField } from './FileFolderField'
import { FunctionToolsField } from './FunctionToolsField'
import { HandoffsEditor } from './HandoffsEditor'
import { McpServersField } from './McpServersField'
import { McpToolsField } from './McpToolsField'
import { ModelCredentialField } from './ModelCredentialField'
import { ModelNameField } from './ModelNameField'
import { ParticipantsEditor } from './ParticipantsEditor'
import { SkillsField } from './SkillsField'
import { FieldListEditor } from './FieldListEditor'
import { START_INPUT_FIELDS, STRUCTURED_REPLY_FIELDS } from './field-list-kinds'
import { ToolApprovalsField } from './ToolApprovalsField'
import { WorkflowField } from './WorkflowField'
import { fieldProblemMessage } from './field-problem-message'
import { useFieldProblem } from './FieldProblemsProvider'

/** One inspector field of any type, read from and written to the node's data at its path. */
export function FieldControl({ field, data, basePath = [], onChange, testIdPrefix }: FieldControlProps) {
  const domId = useId()
  const path = [...basePath, ...field.path]
  const value = getAt(data, path)
  const testId = `inspector-${testIdPrefix ? `${testIdPrefix}-` : ''}${field.id}`
  const change = (next: unknown) => onChange(path, next, { mergeKey: path.join('.') })
  const problem = useFieldProblem(path)
  const error = problem ? fieldProblemMessage(field.label, problem) : undefined
  const invalid = error ? true : undefined
  const scope = basePath.length > 0 ? (getAt(data, basePath) as Record<string, unknown>) : data
  if (field.visibleWhen && !field.visibleWhen(scope ?? {})) return null

  switch (field.type) {
    case 'text':
      return (
        <Field label={field.label} htmlFor={domId} help={field.help} error={error}>
          <Input
            id={domId}
            data-testid={testId}
            aria-invalid={invalid}
            value={String(value ?? '')}
            placeholder={field.placeholder}
            onChange={(e) => change(e.target.value)}
          />
        </Field>
      )
    case 'textarea':
      return (
        <Field label={field.label} htmlFor={domId} help={field.help} error={error}>
          <Textarea
            id={domId}
            data-testid={testId}
            aria-invalid={invalid}
            rows={field.rows}
            value={String(value ?? '')}
            placeholder={field.placeholder}
            onChange={(e) => change(e.target.value)}
          />
        </Field>
      )
    case 'expression':
      return (
        <ExpressionField
          id={domId}
          testId={testId}
          label={field.label}
          help={field.help}
          placeholder={field.placeholder}
          value={String(value ?? '')}
          onChange={change}
        />
      )
    case 'number':
      return (
        <Field label={field.label} htmlFor={domId} help={field.help} error={error}>
          <Input
            id={domId}
            data-testid={testId}
            aria-invalid={invalid}
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
        <Field label={field.label} htmlFor={domId} help={field.help} error={error}>
          <Select
            id={domId}
            data-testid={testId}
            aria-invalid={invalid}
            options={field.options}
            value={String(value ?? field.options[0]?.value ?? '')}
            onChange={(e) => change(field.optional && e.target.value === '' ? undefined : e.target.value)}
          />
        </Field>
      )
    case 'checkbox':
      return (
        <label className="flex items-center gap-2 text-sm text-zinc-700">
          <input
            type="checkbox"
            data-testid={testId}
            aria-invalid={invalid}
            className="h-4 w-4 rounded border-zinc-300 accent-indigo-600"
            checked={value === true}
            onChange={(e) => change(e.target.checked)}
          />
          {field.label}
        </label>
      )
    case 'function_tools':
      return <FunctionToolsField label={field.label} testId={testId} value={(value as string[] | undefined) ?? []} onChange={change} />
    case 'skills':
      return <SkillsField label={field.label} testId={testId} value={(value as string[] | undefined) ?? []} onChange={change} />
    case 'mcp_servers':
      return <McpServersField label={field.label} testId={testId} value={(value as string[] | undefined) ?? []} onChange={change} />
    case 'mcp_tools':
      return (
        <McpToolsField
          label={field.label}
          testId={testId}
          serverIds={(getAt(scope, ['mcpServerIds']) as string[] | undefined) ?? []}
          value={(value as Record<string, string[]> | undefined) ?? {}}
          path={path}
          onChange={onChange}
        />
      )
    case 'tool_approvals':
      return (
        <ToolApprovalsField label={field.label} testId={testId} value={(value as Record<string, string> | undefined) ?? {}} path={path} onChange={onChange} />
      )
    case 'structured_fields':
      return (
        <FieldListEditor
          {...STRUCTURED_REPLY_FIELDS}
          label={field.label}
          testId={testId}
          value={(value as StructuredField[] | undefined) ?? []}
          path={path}
          error={error}
          onChange={onChange}
        />
      )
    case 'input_fields':
      return (
        <FieldListEditor
          {...START_INPUT_FIELDS}
          label={field.label}
          testId={testId}
          value={(value as InputField[] | undefined) ?? []}
          path={path}
          error={error}
          onChange={onChange}
        />
      )
    case 'file_folder':
      return (
        <FileFolderField
          label={field.label}
          testId={testId}
          value={FileAccessSettingsSchema.parse(value ?? {})}
          path={path}
          error={error}
          onChange={onChange}
        />
      )
    case 'model_credential': {
      const modelPath = path.slice(0, -1)
      return (
        <ModelCredentialField
          id={domId}
          label={field.label}
          help={field.help}
          testId={testId}
          value={String(value ?? '')}
          onChange={(credentialId, credential) => {
            // A credential brings its provider and its address: the agent's own base URL would not be sent its key.
            if (credential) {
              onChange([...modelPath, 'provider'], credential.provider)
              onChange([...modelPath, 'baseUrl'], undefined)
            }
            change(credentialId || undefined)
          }}
        />
      )
    }
    case 'model_name':
      return (
        <ModelNameField
          id={domId}
          label={field.label}
          help={field.help}
          error={error}
          testId={testId}
          placeholder={field.placeholder}
          value={String(value ?? '')}
          model={getAt(data, path.slice(0, -1)) as Record<string, unknown> | undefined}
          onChange={change}
        />
      )
    case 'agent':
      return <AgentField id={domId} label={field.label} testId={testId} value={String(value ?? '')} onChange={change} />
    case 'workflow':
      return <WorkflowField id={domId} label={field.label} testId={testId} value={String(value ?? '')} onChange={change} />
    case 'participant': {
      const participants = (getAt(scope, ['participants']) as Array<{ id: string; name: string }> | undefined) ?? []
      const options = [{ value: '', label: field.allowNone ?? 'None' }, ...participants.map((p) => ({ value: p.id, label: p.name || p.id }))]
      return (
        <Field label={field.label} htmlFor={domId} help={field.help} error={error}>
          <Select
            id={domId}
            data-testid={testId}
            aria-invalid={invalid}
            options={options}
            value={String(value ?? '')}
            onChange={(e) => change(e.target.value === '' ? undefined : e.target.value)}
          />
        </Field>
      )
    }
    case 'cases':
      return <CasesEditor label={field.label} help={field.help} testId={testId} data={data} path={path} onChange={onChange} />
    case 'participants':
      return <ParticipantsEditor label={field.label} testId={testId} data={data} path={path} onChange={onChange} renderField={FieldControl} />
    case 'handoffs':
      return <HandoffsEditor label={field.label} help={field.help} testId={testId} data={data} path={path} onChange={onChange} />
    case 'agent_settings':
      return <AgentSettingsGroup label={field.label} testId={testId} data={data} path={path} onChange={onChange} renderField={FieldControl} />
  }
}
