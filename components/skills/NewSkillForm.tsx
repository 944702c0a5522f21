'use client'

import { useId, useState, type FormEvent } from 'react'
import { Badge, Button, Field, Input, Textarea } from '@/components/ui'
import { useCreateSkill } from '@/components/queries/skills'
import { SKILL_TEMPLATE, createRequest, ruleLabel, saveProblem, type ResourceRow } from './skill-form'
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
  const problem = create.isError ? saveProblem(create.error) : undefined

  const setRow = (index: number, change: Partial<ResourceRow>) => setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)))

  const submit = (event: FormEvent) => {
    event.preventDefault()
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
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${contentId}-error` : undefined}
          value={content}
          onChange={(event) => setContent(event.target.value)}
        />
      </Field>
      {problem ? (
        <div
          id={`${contentId}-error`}
          role="alert"
          data-testid="skill-error"
          className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <p className="flex flex-wrap items-center gap-2">
            {problem.rule ? (
              <Badge tone="danger" data-testid="skill-error-rule">
                {ruleLabel(problem.rule)}
              </Badge>
            ) : null}
            <span>{problem.message}</span>
          </p>
          {problem.issues.length > 0 ? (
            <ul className="mt-1 list-disc pl-5 text-xs">
              {problem.issues.map((issue) => (
                <li key={issue}>{issue}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-xs font-medium text-zinc-600">Resources (optional): text the agent can read with read_skill_resource</legend>
        {rows.map((row, index) => (
          <div key={index} className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3">
            <div className="flex items-center gap-2">
              <Input
                aria-label={`Resource ${index + 1} name`}
                data-testid={`skill-resource-name-${index}`}
                placeholder="notes.md"
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
            <Textarea
              aria-label={`Resource ${index + 1} content`}
              data-testid={`skill-resource-content-${index}`}
              rows={4}
              className="font-mono text-xs"
              value={row.content}
              onChange={(event) => setRow(index, { content: event.target.value })}
            />
          </div>
        ))}
        <div>
          <Button size="sm" data-testid="skill-resource-add" onClick={() => setRows((current) => [...current, { name: '', content: '' }])}>
            Add resource
          </Button>
        </div>
      </fieldset>
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" data-testid="skill-save" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Save skill'}
        </Button>
      </div>
    </form>
  )
}
