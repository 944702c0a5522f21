'use client'

import { Field } from '@/components/ui/Field'
import { Textarea } from '@/components/ui/Textarea'
import { checkExpression } from '@/lib/graph/cel'

export interface ExpressionFieldProps {
  id: string
  testId: string
  label: string
  help?: string
  placeholder?: string
  value: string
  onChange: (value: string) => void
}

/** A CEL expression over `input`, checked as the person types. */
export function ExpressionField(props: ExpressionFieldProps) {
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
