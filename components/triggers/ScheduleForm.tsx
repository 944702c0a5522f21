'use client'

import { useMemo, useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useScheduleMutations } from '@/components/queries/triggers'
import { Button, Field, Input, Select } from '@/components/ui'
import { cronProblem, describeCron, isTimeZone, nextFireTimes } from '@/lib/contracts/cron-schedule'

const PREVIEW_COUNT = 5

/** The browser's own zone first: what people mean by "9 in the morning". */
function defaultTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/**
 * Adds a schedule: a cron and an IANA time zone, previewed as it is typed (the next fire times, in that zone and in
 * the browser's, and the cron in words), the input its runs take, and what missed fire times become.
 */
export function ScheduleForm({ workflowId }: { workflowId: string }) {
  const { create } = useScheduleMutations(workflowId)
  const [cron, setCron] = useState('0 9 * * 1-5')
  const [timeZone, setTimeZone] = useState(defaultTimeZone)
  const [input, setInput] = useState('')
  const [missedRuns, setMissedRuns] = useState<'skip' | 'run_once'>('skip')
  const problem = cronProblem(cron) ?? (isTimeZone(timeZone) ? undefined : 'Not an IANA time zone (such as Europe/Paris or UTC).')
  const preview = useMemo(() => (problem ? [] : nextFireTimes(cron, timeZone, new Date(), PREVIEW_COUNT)), [cron, timeZone, problem])
  const inZone = (time: Date) => time.toLocaleString(undefined, { timeZone, dateStyle: 'medium', timeStyle: 'short' })

  return (
    <form
      data-testid="schedule-form"
      className="flex flex-col gap-3 rounded-md border border-zinc-200 p-4"
      onSubmit={(event) => {
        event.preventDefault()
        if (!problem) create.mutate({ cron, timeZone, input, missedRuns })
      }}
    >
      <div className="grid grid-cols-2 gap-3">
        <Field label="Cron" htmlFor="schedule-cron" error={cronProblem(cron)} help={describeCron(cron)}>
          <Input id="schedule-cron" data-testid="schedule-cron" value={cron} onChange={(event) => setCron(event.target.value)} spellCheck={false} />
        </Field>
        <Field label="Time zone" htmlFor="schedule-zone" error={isTimeZone(timeZone) ? undefined : 'Not an IANA time zone.'}>
          <Input id="schedule-zone" data-testid="schedule-zone" value={timeZone} onChange={(event) => setTimeZone(event.target.value)} list="time-zones" />
        </Field>
      </div>
      <datalist id="time-zones">
        {Intl.supportedValuesOf('timeZone').map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <Field label="Input" htmlFor="schedule-input" help="Text, or the JSON object of the start node's input fields.">
        <Input id="schedule-input" data-testid="schedule-input" value={input} onChange={(event) => setInput(event.target.value)} />
      </Field>
      <Field label="Fire times missed while the server was down or the schedule paused" htmlFor="schedule-missed">
        <Select
          id="schedule-missed"
          value={missedRuns}
          onChange={(event) => setMissedRuns(event.target.value as 'skip' | 'run_once')}
          options={[
            { value: 'skip', label: 'Skip them' },
            { value: 'run_once', label: 'Catch up with one run' },
          ]}
        />
      </Field>
      {preview.length > 0 ? (
        <div data-testid="schedule-preview" className="text-xs text-zinc-600">
          Next runs:
          <ul className="mt-1 list-disc pl-5">
            {preview.map((time) => (
              <li key={time.toISOString()}>
                {inZone(time)} ({timeZone})
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {create.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(create.error)}
        </p>
      ) : null}
      <div>
        <Button type="submit" size="sm" data-testid="schedule-add" disabled={Boolean(problem) || create.isPending}>
          {create.isPending ? 'Adding…' : 'Add schedule'}
        </Button>
      </div>
    </form>
  )
}
