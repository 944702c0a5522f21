'use client'

import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useId, useState } from 'react'
import { ApiError, errorMessage } from '@/components/api-client'
import { RunInputForm } from '@/components/canvas/RunInputForm'
import { emptyRunFormValues, runInputFromForm, type RunFormValues } from '@/components/canvas/run-input-values'
import { MessageText } from '@/components/chat/MessageText'
import { Button, Field, Textarea } from '@/components/ui'
import type { PublicWorkflow } from '@/lib/contracts/publications'
import { checkStartInput, type InputProblem } from '@/lib/graph/start-input'
import { getVisitorRun, submitVisitorForm, visitorRunEventsUrl } from './visitor-form-api'
import { useVisitorEvents } from './use-visitor-events'
import { keepRun, keptRun, useKept, useVisitorId } from './visitor-identity'

/**
 * A published workflow's form for people without an account (issue #32): the start node's declared fields (the run
 * dialog's own form) or a text box, and once submitted, the run followed live and the workflow's output. The last run
 * this browser started from it is kept: a reload shows it again. Talks only to `/api/public/form/<token>`.
 */
export function PublicForm({ token, workflow }: { token: string; workflow: PublicWorkflow }) {
  const visitor = useVisitorId()
  const textId = useId()
  const fields = workflow.inputFields
  const [values, setValues] = useState<RunFormValues>(() => emptyRunFormValues(fields))
  const [text, setText] = useState('')
  const [problems, setProblems] = useState<InputProblem[]>([])
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const kept = useKept(() => keptRun(token))
  const [started, setStarted] = useState<string | null>(null)
  const [forgotten, setForgotten] = useState(false)
  const runId = started ?? (forgotten ? null : kept)
  const [ended, setEnded] = useState(false)
  const onEnded = useCallback(() => setEnded(true), [])
  // A run this browser remembers but the server no longer shows this visitor: the form as if never sent.
  const onGone = useCallback(() => {
    keepRun(token, null)
    setForgotten(true)
  }, [token])

  /** The input as the server takes it: the text, or the form's object once it matches the fields. */
  const input = (): string | Record<string, unknown> | undefined => {
    if (fields.length === 0) return text.trim() === '' ? undefined : text
    const checked = checkStartInput(fields, runInputFromForm(fields, values))
    if (checked.ok) return checked.value
    setProblems(checked.problems)
    return undefined
  }

  const submit = async () => {
    setError(null)
    setProblems([])
    const given = input()
    if (given === undefined || visitor === null) {
      setError(fields.length === 0 ? 'Write something first.' : 'Some fields need attention.')
      return
    }
    setSending(true)
    try {
      const sent = await submitVisitorForm(token, visitor, given)
      setEnded(false)
      keepRun(token, sent.runId)
      setStarted(sent.runId)
    } catch (cause) {
      // The server checks the fields too (the workflow may have changed since this page loaded): its problems go under them.
      const details = cause instanceof ApiError ? (cause.details as { problems?: InputProblem[] } | undefined) : undefined
      if (details?.problems) setProblems(details.problems)
      setError(errorMessage(cause))
    } finally {
      setSending(false)
    }
  }

  const running = runId !== null && !ended
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-8" data-testid="public-form" data-ready={visitor !== null}>
      <header>
        <h1 className="text-xl font-semibold text-zinc-900">{workflow.name}</h1>
        {workflow.description && <p className="mt-1 text-sm text-zinc-600">{workflow.description}</p>}
      </header>
      <form
        className="flex flex-col gap-4 rounded-lg border border-zinc-200 bg-white p-4"
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        {workflow.inputDescription && <p className="text-sm text-zinc-600">{workflow.inputDescription}</p>}
        {fields.length > 0 ? (
          <RunInputForm
            fields={fields}
            values={values}
            problems={problems}
            onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
          />
        ) : (
          <Field label="Input" htmlFor={textId}>
            <Textarea id={textId} data-testid="public-form-text" rows={5} value={text} onChange={(event) => setText(event.target.value)} />
          </Field>
        )}
        {error && (
          <p role="alert" className="text-sm text-red-700" data-testid="public-form-error">
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" data-testid="public-form-submit" disabled={sending || running || visitor === null} className="self-start">
          {sending ? 'Sending…' : running ? 'Running…' : 'Submit'}
        </Button>
      </form>
      {runId && visitor && <VisitorRunView key={runId} token={token} visitor={visitor} runId={runId} onEnded={onEnded} onGone={onGone} />}
    </div>
  )
}

const ENDED = new Set(['succeeded', 'failed', 'cancelled'])

/**
 * The run as the visitor sees it: going, waiting for someone of the workspace, then the workflow's output (or a plain
 * failure). Its state is read at once (a kept run may have ended long ago) and again when the stream ends.
 */
function VisitorRunView({
  token,
  visitor,
  runId,
  onEnded,
  onGone,
}: {
  token: string
  visitor: string
  runId: string
  onEnded: () => void
  onGone: () => void
}) {
  const [waiting, setWaiting] = useState(false)
  const [streamEnded, setStreamEnded] = useState(false)
  // The output is read from the run, never from the stream, which carries only the status.
  const result = useQuery({
    queryKey: ['visitor-run', token, runId, streamEnded],
    queryFn: async () => {
      try {
        return await getVisitorRun(token, visitor, runId)
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) onGone()
        throw error
      }
    },
    retry: false,
  })
  const ended = streamEnded || (result.data !== undefined && ENDED.has(result.data.status))
  useEffect(() => {
    if (ended) onEnded()
  }, [ended, onEnded])
  useVisitorEvents(visitorRunEventsUrl(token, visitor, runId), {
    onEvent: (event) => {
      if (event.type === 'waiting') setWaiting(true)
      if (event.type === 'resumed') setWaiting(false)
    },
    onEnd: () => setStreamEnded(true),
  })
  const shown = ended ? result.data : undefined

  return (
    <section className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-zinc-50 p-4" aria-live="polite" data-testid="public-form-result">
      {!ended && <p className="text-sm text-zinc-500 italic">{waiting ? 'Waiting for approval…' : 'Running…'}</p>}
      {result.isError && <p className="text-sm text-red-700">{errorMessage(result.error)}</p>}
      {shown?.message && (
        <p role="alert" className="text-sm text-red-700">
          {shown.message}
        </p>
      )}
      {shown?.outputs?.map((output, index) => (
        <div key={index} className="rounded-md bg-white px-3 py-2 ring-1 ring-zinc-200" data-testid="public-form-output">
          <MessageText text={typeof output === 'string' ? output : JSON.stringify(output, null, 2)} />
        </div>
      ))}
      {shown?.status === 'succeeded' && shown.outputs?.length === 0 && <p className="text-sm text-zinc-500">Done: the workflow gave no output.</p>}
    </section>
  )
}
