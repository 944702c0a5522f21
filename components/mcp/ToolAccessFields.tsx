import { useState } from 'react'
import { Button, Field, Input, Select } from '@/components/ui'
import { previewForwardedArguments } from '@/lib/contracts/mcp-server-settings'
import type { McpToolSummary } from '@/lib/contracts/mcp-servers'
import { splitNames, type SettingsErrors, type SettingsForm } from './settings-form'

export interface ToolAccessFieldsProps {
  form: SettingsForm
  errors: SettingsErrors
  idPrefix: string
  /** The server's tools from its last connection test; undefined until tested. */
  tools: McpToolSummary[] | undefined
  loadingTools: boolean
  toolsError?: string
  onLoadTools: () => void
  onChange: (patch: Partial<SettingsForm>) => void
}

/** Which tools agents get, which extra argument names reach the server, and a preview of a sample call. */
export function ToolAccessFields({ form, errors, idPrefix, tools, loadingTools, toolsError, onLoadTools, onChange }: ToolAccessFieldsProps) {
  const names = [...new Set([...(tools ?? []).map((tool) => tool.name), ...form.allowedTools, ...Object.keys(form.toolArguments)])]
  const toggle = (name: string, on: boolean) => onChange({ allowedTools: on ? [...form.allowedTools, name] : form.allowedTools.filter((n) => n !== name) })
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-zinc-200 p-3">
      <legend className="px-1 text-xs font-semibold text-zinc-700">Tools and arguments</legend>
      <div className="flex items-center gap-2 text-xs text-zinc-600">
        <Button size="sm" data-testid="mcp-settings-load-tools" disabled={loadingTools} onClick={onLoadTools}>
          {loadingTools ? 'Connecting…' : tools ? 'Reload the server’s tools' : 'Load the server’s tools'}
        </Button>
        {tools ? <span>{tools.length} tools listed by the server.</span> : <span>Connects to the server to list its tools and their parameters.</span>}
      </div>
      {toolsError ? (
        <p role="alert" className="text-xs text-red-700">
          {toolsError}
        </p>
      ) : null}
      <div className="flex flex-col gap-1" role="radiogroup" aria-label="Allowed tools">
        <span className="text-xs font-medium text-zinc-600">Allowed tools</span>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${idPrefix}-allowed`}
            data-testid="mcp-settings-all-tools"
            checked={form.allTools}
            onChange={() => onChange({ allTools: true })}
          />
          Every tool of the server
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${idPrefix}-allowed`}
            data-testid="mcp-settings-some-tools"
            checked={!form.allTools}
            onChange={() => onChange({ allTools: false })}
          />
          Only the tools ticked below
        </label>
        {!form.allTools ? (
          <ul className="ml-5 flex flex-col gap-0.5" data-testid="mcp-settings-tool-list">
            {names.length === 0 ? <li className="text-xs text-zinc-500">Load the server’s tools to choose among them.</li> : null}
            {names.map((name) => (
              <li key={name}>
                <label className="flex items-center gap-2 font-mono text-[13px]">
                  <input
                    type="checkbox"
                    data-testid={`mcp-settings-allow-${name}`}
                    checked={form.allowedTools.includes(name)}
                    onChange={(e) => toggle(name, e.target.checked)}
                  />
                  {name}
                </label>
              </li>
            ))}
          </ul>
        ) : null}
        {errors.allowedTools ? <p className="text-xs text-red-600">{errors.allowedTools}</p> : null}
      </div>
      <Field
        label="Extra argument names for every tool"
        htmlFor={`${idPrefix}-global-args`}
        error={errors.globalArguments}
        help="Besides a tool's declared parameters, only these names reach the server (separate with commas)."
      >
        <Input
          id={`${idPrefix}-global-args`}
          data-testid="mcp-settings-global-args"
          className="font-mono"
          value={form.globalArguments}
          onChange={(event) => onChange({ globalArguments: event.target.value })}
        />
      </Field>
      {names.length > 0 ? (
        <div className="flex flex-col gap-1">
          <span className="text-xs font-medium text-zinc-600">Extra argument names per tool</span>
          {names.map((name) => (
            <div key={name} className="grid grid-cols-[10rem_1fr] items-center gap-2">
              <label htmlFor={`${idPrefix}-args-${name}`} className="truncate font-mono text-[12px] text-zinc-700">
                {name}
              </label>
              <Input
                id={`${idPrefix}-args-${name}`}
                data-testid={`mcp-settings-tool-args-${name}`}
                className="font-mono"
                value={form.toolArguments[name] ?? ''}
                onChange={(event) => onChange({ toolArguments: { ...form.toolArguments, [name]: event.target.value } })}
              />
              {errors[`tool:${name}`] ? <p className="col-start-2 text-xs text-red-600">{errors[`tool:${name}`]}</p> : null}
            </div>
          ))}
        </div>
      ) : null}
      <ArgumentPreview idPrefix={idPrefix} form={form} tools={tools ?? []} names={names} />
    </fieldset>
  )
}

function ArgumentPreview({ idPrefix, form, tools, names }: { idPrefix: string; form: SettingsForm; tools: McpToolSummary[]; names: string[] }) {
  const [toolName, setToolName] = useState('')
  const [sample, setSample] = useState('')
  const chosen = toolName || names[0] || ''
  if (!chosen) return null
  const declared = tools.find((tool) => tool.name === chosen)?.parameters.map((parameter) => parameter.name) ?? []
  const extras = { global: splitNames(form.globalArguments), perTool: { [chosen]: splitNames(form.toolArguments[chosen] ?? '') } }
  const sampleNames = splitNames(sample)
  const preview = previewForwardedArguments(declared, extras, chosen, sampleNames.length ? sampleNames : declared)
  return (
    <div className="flex flex-col gap-1 rounded bg-zinc-50 p-2" data-testid="mcp-settings-preview">
      <span className="text-xs font-medium text-zinc-600">Preview: which arguments of a call reach the server</span>
      <div className="grid grid-cols-[10rem_1fr] gap-2">
        <Select
          aria-label="Tool"
          id={`${idPrefix}-preview-tool`}
          data-testid="mcp-settings-preview-tool"
          options={names.map((name) => ({ value: name, label: name }))}
          value={chosen}
          onChange={(event) => setToolName(event.target.value)}
        />
        <Input
          aria-label="Argument names of a sample call"
          data-testid="mcp-settings-preview-args"
          className="font-mono"
          placeholder="Argument names of a sample call, e.g. query, trace_id"
          value={sample}
          onChange={(event) => setSample(event.target.value)}
        />
      </div>
      <p className="text-xs text-zinc-700" aria-live="polite">
        Forwarded:{' '}
        <span className="font-mono" data-testid="mcp-settings-preview-forwarded">
          {preview.forwarded.join(', ') || 'nothing'}
        </span>
        {preview.dropped.length ? (
          <>
            {' '}
            · Dropped:{' '}
            <span className="font-mono" data-testid="mcp-settings-preview-dropped">
              {preview.dropped.join(', ')}
            </span>
          </>
        ) : null}
      </p>
    </div>
  )
}
