'use client'

import { useId, useState, type FormEvent } from 'react'
import { Badge, Button, Field, Input, Textarea } from '@/components/ui'
import { useCreateSkill } from '@/components/queries/skills'
import { SKILL_TEMPLATE, createRequest, ruleLabel, saveProblem, sentRowIndexes, type ResourceRow } from './skill-form'
import type { SkillDetail } from '@/lib/contracts/skills'

interface NewSkillFormProps {
  onCreated: (skill: SkillDetail) => void
  onCancel: () => void
}

/** A SKILL.md editor (prefilled with a valid template) and optional resources as name + content rows. */
export function NewSkillForm({ onCreated, onCancel }: NewSkillFormProps) {
  const contentId = useId()
  const [content, setContent] = useState(SKILL_TEMPLATE)
  const [rows, setRows] = useState<ResourceRow[]>([])
  const create = useCreateSkill()
  // The rows as sent: the server names resources by their index in the request.
  const [sentRows, setSentRows] = useState<number[]>([])
  const problem = create.isError ? saveProblem(create.error) : undefined
  const rowProblem = (index: number) => {
    const sent = sentRows.indexOf(index)
    return sent === -1 ? undefined : problem?.resources[sent]
  }

  const setRow = (index: number, change: Partial<ResourceRow>) => setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)))

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSentRows(sentRowIndexes(rows))
    create.mutate(createRequest(content, rows), { onSuccess: onCreated })
  }

  return (
    <form onSubmit={submit} aria-label="New skill" className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-4">
      <Field
        label="SKILL.md"
        htmlFor={contentId}
        help="YAML frontmatter (name, description; optional license, compatibility, allowed-tools, metadata), then the instructions."
      >
        <Textarea
          id={contentId}
          data-testid="skill-content"
          rows={14}
          spellCheck={false}
          className="font-mono text-xs"
          aria-invalid={problem?.content ? true : undefined}
          aria-describedby={problem?.content ? `${contentId}-error` : undefined}
          value={content}
          onChange={(event) => setContent(event.target.value)}
        />
      </Field>
      {problem?.content ? (
        <p
          id={`${contentId}-error`}
          role="alert"
          data-testid="skill-error"
          className="-mt-2 flex flex-wrap items-center gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          {problem.content.rule ? (
            <Badge tone="danger" data-testid="skill-error-rule">
              {ruleLabel(problem.content.rule)}
            </Badge>
          ) : null}
          <span>{problem.content.message}</span>
        </p>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-xs font-medium text-zinc-600">Resources (optional): text the agent can read with read_skill_resource</legend>
        {rows.map((row, index) => {
          const issue = rowProblem(index)
          return (
            <div key={index} className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3">
              <div className="flex items-center gap-2">
                <Input
                  aria-label={`Resource ${index + 1} name`}
                  data-testid={`skill-resource-name-${index}`}
                  placeholder="notes.md"
                  aria-invalid={issue?.name ? true : undefined}
                  aria-describedby={issue?.name ? `${contentId}-resource-${index}-name-error` : undefined}
                  value={row.name}
                  onChange={(event) => setRow(index, { name: event.target.value })}
                />
                <Button
                  size="sm"
                  variant="ghost"
                  data-testid={`skill-resource-remove-${index}`}
                  onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
                >
                  Remove
                </Button>
              </div>
              {issue?.name ? (
                <FieldMessage id={`${contentId}-resource-${index}-name-error`} testId={`skill-resource-name-error-${index}`} message={issue.name} />
              ) : null}
              <Textarea
                aria-label={`Resource ${index + 1} content`}
                data-testid={`skill-resource-content-${index}`}
                rows={4}
                className="font-mono text-xs"
                value={row.content}
                aria-invalid={issue?.content ? true : undefined}
                onChange={(event) => setRow(index, { content: event.target.value })}
              />
              {issue?.content ? (
                <FieldMessage id={`${contentId}-resource-${index}-content-error`} testId={`skill-resource-content-error-${index}`} message={issue.content} />
              ) : null}
            </div>
          )
        })}
        <div>
          <Button size="sm" data-testid="skill-resource-add" onClick={() => setRows((current) => [...current, { name: '', content: '' }])}>
            Add resource
          </Button>
        </div>
      </fieldset>
      {problem?.general ? (
        <p role="alert" data-testid="skill-form-error" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {problem.general}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" data-testid="skill-save" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Save skill'}
        </Button>
      </div>
    </form>
  )
}

function FieldMessage({ id, testId, message }: { id: string; testId: string; message: string }) {
  return (
    <p id={id} role="alert" data-testid={testId} className="text-xs text-red-700">
      {message}
    </p>
  )
}
