'use client'

import { useCurrentWorkspaceId } from '@/components/workspaces/CurrentWorkspaceProvider'
import { useId, useState, type FormEvent } from 'react'
import { Badge, Button, Field, Input, Textarea } from '@/components/ui'
import { useSaveSkill, useSkillCheck } from '@/components/queries/skills'
import { staleVersionOf } from '@/components/stale-version'
import { StaleSaveNotice } from '@/components/ui/StaleSaveNotice'
import type { SkillDetail } from '@/lib/contracts/skills'
import type { SkippedFile } from './skill-folder'
import { getSkill } from './skills-api'
import { createRequest, problemsByField, ruleLabel, saveProblems, type ResourceRow } from './skill-form'
import { useDebouncedValue } from './use-debounced-value'

export interface SkillEditorFormProps {
  /** The stored skill being edited; a new skill when absent. */
  current?: string
  /** The stored skill's version the editor opened (a save replaces exactly it). */
  baseVersion?: number
  initialContent: string
  initialResources?: readonly ResourceRow[]
  /** A folder the skill came from: its name must be the skill's, as on disk. */
  folder?: string
  /** Files of an imported folder that were left out, and why. */
  skipped?: readonly SkippedFile[]
  onSaved: (skill: SkillDetail) => void
  onCancel: () => void
}

/**
 * A SKILL.md editor with its resources, checked as you type by the rules a save and discovery on
 * disk apply; each problem shows under its own field (a bad resource name marks that name, not the SKILL.md).
 */
export function SkillEditorForm({
  current,
  baseVersion,
  initialContent,
  initialResources = [],
  folder,
  skipped = [],
  onSaved,
  onCancel,
}: SkillEditorFormProps) {
  const contentId = useId()
  const [content, setContent] = useState(initialContent)
  const [rows, setRows] = useState<ResourceRow[]>(() => [...initialResources])
  const save = useSaveSkill(current)
  const [base, setBase] = useState(baseVersion)
  const stale = staleVersionOf(save.error)
  const request = createRequest(content, rows)
  const checked = useSkillCheck(useDebouncedValue({ content: request.content, resources: request.resources ?? [], current, folder }, 300))
  // A refused save is newer than the check of the same text: it wins until the text changes again.
  const problems = problemsByField(save.isError ? saveProblems(save.error) : (checked.data?.problems ?? []), rows)
  const contentProblems = problems.get('content') ?? []

  const setRow = (index: number, change: Partial<ResourceRow>) => {
    save.reset()
    setRows((all) => all.map((row, i) => (i === index ? { ...row, ...change } : row)))
  }
  const workspaceId = useCurrentWorkspaceId()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate({ input: request, baseVersion: base }, { onSuccess: onSaved })
  }
  const reloadTheirs = async () => {
    if (current === undefined) return
    const theirs = await getSkill(current, workspaceId)
    setContent(theirs.content)
    setRows([...(theirs.storedResources ?? [])])
    setBase(theirs.version)
    save.reset()
  }

  return (
    <form onSubmit={submit} aria-label={current ? `Edit skill ${current}` : 'New skill'} className="flex flex-col gap-4" data-testid="skill-editor">
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
          aria-invalid={contentProblems.length ? true : undefined}
          aria-describedby={contentProblems.length ? `${contentId}-error` : undefined}
          value={content}
          onChange={(event) => {
            save.reset()
            setContent(event.target.value)
          }}
        />
      </Field>
      <div
        aria-live="polite"
        data-testid="skill-check"
        data-state={checked.isFetching ? 'checking' : contentProblems.length || problems.size ? 'problems' : 'ok'}
      >
        {contentProblems.length ? (
          <div
            id={`${contentId}-error`}
            role="alert"
            data-testid="skill-error"
            className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
          >
            {contentProblems.map((problem, index) => (
              <p key={index} className="flex flex-wrap items-center gap-2">
                {problem.rule ? (
                  <Badge tone="danger" data-testid="skill-error-rule">
                    {ruleLabel(problem.rule)}
                  </Badge>
                ) : null}
                <span>{problem.message}</span>
              </p>
            ))}
          </div>
        ) : checked.data?.ok ? (
          <p className="text-xs text-emerald-700" data-testid="skill-valid">
            Valid: {checked.data.name} — {checked.data.description}
          </p>
        ) : null}
        {problems.get('form')?.map((problem, index) => (
          <p key={index} role="alert" className="text-sm text-red-700">
            {problem.message}
          </p>
        ))}
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-xs font-medium text-zinc-600">Resources (optional): text the agent can read with read_skill_resource</legend>
        {rows.map((row, index) => {
          const nameProblem = problems.get(`resources.${index}.name`)?.[0]
          const textProblem = problems.get(`resources.${index}.content`)?.[0]
          return (
            <div key={index} className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3">
              <div className="flex items-center gap-2">
                <Input
                  aria-label={`Resource ${index + 1} name`}
                  data-testid={`skill-resource-name-${index}`}
                  placeholder="notes.md"
                  aria-invalid={nameProblem ? true : undefined}
                  value={row.name}
                  onChange={(event) => setRow(index, { name: event.target.value })}
                />
                <Button
                  size="sm"
                  variant="ghost"
                  data-testid={`skill-resource-remove-${index}`}
                  onClick={() => setRows((all) => all.filter((_, i) => i !== index))}
                >
                  Remove
                </Button>
              </div>
              {nameProblem ? (
                <p className="text-xs text-red-600" data-testid={`skill-resource-name-error-${index}`}>
                  {nameProblem.message}
                </p>
              ) : null}
              <Textarea
                aria-label={`Resource ${index + 1} content`}
                data-testid={`skill-resource-content-${index}`}
                rows={4}
                className="font-mono text-xs"
                aria-invalid={textProblem ? true : undefined}
                value={row.content}
                onChange={(event) => setRow(index, { content: event.target.value })}
              />
              {textProblem ? (
                <p className="text-xs text-red-600" data-testid={`skill-resource-content-error-${index}`}>
                  {textProblem.message}
                </p>
              ) : null}
            </div>
          )
        })}
        {problems.get('resources')?.map((problem, index) => (
          <p key={index} className="text-xs text-red-600">
            {problem.message}
          </p>
        ))}
        <div>
          <Button size="sm" data-testid="skill-resource-add" onClick={() => setRows((all) => [...all, { name: '', content: '' }])}>
            Add resource
          </Button>
        </div>
      </fieldset>
      {skipped.length ? (
        <div className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900" data-testid="skill-import-skipped">
          <p className="font-medium">Left out of the import:</p>
          <ul className="list-disc pl-4">
            {skipped.map((file) => (
              <li key={file.path}>
                <code className="font-mono">{file.path}</code>: {file.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {stale ? (
        <StaleSaveNotice
          current={stale}
          what="skill"
          busy={save.isPending}
          onOverwrite={() => save.mutate({ input: request, baseVersion: stale.version }, { onSuccess: onSaved })}
          onReload={() => void reloadTheirs()}
        />
      ) : null}
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" data-testid="skill-save" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save skill'}
        </Button>
      </div>
    </form>
  )
}
