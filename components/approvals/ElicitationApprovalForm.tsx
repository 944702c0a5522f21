'use client'

import { useImperativeHandle, useMemo, useState, type Ref } from 'react'
import type { ApprovalFormHandle, ApprovalFormProps } from './approval-form'
import { elicitationAnswer } from './approval-answers'
import { readElicitationRequest } from './approval-payload'
import { ElicitationForm } from './ElicitationForm'
import { initialFormValues, schemaToFields, type FormValue, type FormValues } from './elicitation-schema'

/** An MCP server asking for information: its message, and the form generated from its schema. */
export function ElicitationApprovalForm({ payload, editable, sending, idPrefix, ref }: ApprovalFormProps & { ref?: Ref<ApprovalFormHandle> }) {
  const request = useMemo(() => readElicitationRequest(payload), [payload])
  const fields = useMemo(() => schemaToFields(request.requestedSchema), [request])
  const [values, setValues] = useState<FormValues>(() => initialFormValues(fields))
  const [errors, setErrors] = useState<Record<string, string>>({})

  useImperativeHandle(ref, () => ({
    approveAnswer() {
      const built = elicitationAnswer(fields, values)
      setErrors(built.ok ? {} : built.errors)
      return built.ok ? built.answer : null
    },
  }))

  const change = (name: string, value: FormValue) => {
    setValues((current) => ({ ...current, [name]: value }))
    setErrors(({ [name]: _fixed, ...rest }) => rest)
  }

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm whitespace-pre-wrap text-zinc-800">{request.message}</p>
      {editable ? <ElicitationForm fields={fields} values={values} errors={errors} disabled={sending} idPrefix={idPrefix} onChange={change} /> : null}
    </div>
  )
}
