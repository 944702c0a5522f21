'use client'

import { useId, type ReactNode } from 'react'
import type { FormChange, ServerForm } from './server-form'

export interface ConnectionOptionsProps {
  form: ServerForm
  onChange: FormChange
}

/** Whether agents may use the server, and how runs connect to it. */
export function ConnectionOptions({ form, onChange }: ConnectionOptionsProps) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm text-zinc-700">
        <input type="checkbox" data-testid="mcp-field-enabled" checked={form.enabled} onChange={(event) => onChange({ enabled: event.target.checked })} />
        Enabled
      </label>
      <DescribedCheckbox
        testId="mcp-field-load-tools-on-demand"
        label="Load tools on demand"
        hint="The agent lists this server's tools and loads the ones it needs — for servers with many tools."
        disabled={form.shareConnection}
        checked={form.loadToolsOnDemand}
        onChange={(loadToolsOnDemand) => onChange({ loadToolsOnDemand })}
      />
      <DescribedCheckbox
        testId="mcp-field-share-connection"
        label="Share one connection across runs"
        hint="Faster starts. A shared connection cannot ask for sampling or for information, and cannot load tools on demand."
        // Tools loaded on demand belong to the connection: a shared one would carry them from run to run.
        disabled={form.loadToolsOnDemand}
        checked={form.shareConnection}
        onChange={(shareConnection) => onChange({ shareConnection })}
      />
    </>
  )
}

function DescribedCheckbox(props: {
  testId: string
  label: string
  hint: ReactNode
  disabled: boolean
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const id = useId()
  return (
    <div className="flex items-start gap-2 text-sm text-zinc-700">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5"
        data-testid={props.testId}
        aria-describedby={`${id}-hint`}
        disabled={props.disabled}
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id}>{props.label}</label>
        <p id={`${id}-hint`} className="text-xs text-zinc-500">
          {props.hint}
        </p>
      </div>
    </div>
  )
}
