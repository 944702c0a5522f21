'use client'

import dynamic from 'next/dynamic'
import { useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useScheduleMutations, useSchedulesQuery, useWebhookMutations, useWebhooksQuery } from '@/components/queries/triggers'
import { Badge, Button, LocalTime } from '@/components/ui'
import { IntentLink } from '@/components/ui/IntentLink'
import { PublishPanel } from '@/components/publishing/PublishPanel'
import { TriggerRuns } from './TriggerRuns'
import { WebhookSecretNotice } from './WebhookSecretNotice'
import type { WebhookWithSecret } from './triggers-api'

// In the browser only: its preview reads the browser's clock, locale and time zones, which the server's would not match.
const ScheduleForm = dynamic(() => import('./ScheduleForm').then((module) => module.ScheduleForm), { ssr: false })

/**
 * A workflow's triggers (issue #32): its schedules (next fire times, pause and resume) and webhooks (URL, secret once,
 * rotate, disable), each with the runs it started, and its public forms (publishing, issue #32). Viewers see them;
 * the server refuses their changes (403, shown).
 */
export function WorkflowTriggers({ workflowId }: { workflowId: string }) {
  const schedules = useSchedulesQuery(workflowId)
  const webhooks = useWebhooksQuery(workflowId)
  const scheduleActions = useScheduleMutations(workflowId)
  const hookActions = useWebhookMutations(workflowId)
  const [made, setMade] = useState<WebhookWithSecret>()
  const failed = [scheduleActions.update, scheduleActions.remove, hookActions.create, hookActions.rotate, hookActions.update, hookActions.remove].find(
    (mutation) => mutation.isError,
  )

  return (
    <div className="flex flex-col gap-6" data-testid="workflow-triggers">
      <div className="flex items-center gap-3">
        <IntentLink href={`/workflows/${workflowId}`} className="rounded-md px-1.5 py-1 text-sm text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800">
          ← Editor
        </IntentLink>
        <h1 className="text-lg font-semibold text-zinc-900">Schedules, webhooks and public forms</h1>
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(failed.error)}
        </p>
      ) : null}

      <section className="flex flex-col gap-3">
        <h2 className="text-sm font-semibold text-zinc-800">Schedules</h2>
        {schedules.isError ? <p className="text-sm text-red-700">{errorMessage(schedules.error)}</p> : null}
        {schedules.data?.map((schedule) => (
          <div key={schedule.id} data-testid="schedule-row" className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3">
            <div className="flex items-center gap-2 text-sm">
              <code>{schedule.cron}</code>
              <span className="text-zinc-500">{schedule.timeZone}</span>
              <span className="text-zinc-700">{schedule.description}</span>
              <Badge tone={schedule.enabled ? 'success' : 'neutral'}>{schedule.enabled ? 'active' : 'paused'}</Badge>
              <div className="ml-auto flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  data-testid="schedule-toggle"
                  onClick={() => scheduleActions.update.mutate({ id: schedule.id, body: { enabled: !schedule.enabled } })}
                >
                  {schedule.enabled ? 'Pause' : 'Resume'}
                </Button>
                <Button size="sm" variant="danger" onClick={() => scheduleActions.remove.mutate(schedule.id)}>
                  Delete
                </Button>
              </div>
            </div>
            {schedule.nextFireTimes.length > 0 ? (
              <p className="text-xs text-zinc-500" data-testid="schedule-next">
                Next: <LocalTime iso={schedule.nextFireTimes[0]} />
                {schedule.missedRuns === 'run_once' ? ' · catches up once after downtime' : ' · skips missed times'}
              </p>
            ) : null}
            {schedule.lastError ? <p className="text-xs text-red-700">Last fire started no run: {schedule.lastError}</p> : null}
            <TriggerRuns triggerId={schedule.id} />
          </div>
        ))}
        <ScheduleForm workflowId={workflowId} />
      </section>

      <section className="flex flex-col gap-3">
        <div className="flex items-center gap-2">
          <h2 className="text-sm font-semibold text-zinc-800">Webhooks</h2>
          <Button
            size="sm"
            className="ml-auto"
            data-testid="webhook-add"
            disabled={hookActions.create.isPending}
            onClick={() => hookActions.create.mutate({}, { onSuccess: setMade })}
          >
            Add webhook
          </Button>
        </div>
        {made ? <WebhookSecretNotice made={made} onDismiss={() => setMade(undefined)} /> : null}
        {webhooks.data?.map((hook) => (
          <div key={hook.id} data-testid="webhook-row" className="flex flex-col gap-2 rounded-md border border-zinc-200 p-3">
            <div className="flex items-center gap-2 text-sm">
              <code className="truncate">{hook.path}</code>
              <Badge tone={hook.enabled ? 'success' : 'neutral'}>{hook.enabled ? 'enabled' : 'disabled'}</Badge>
              <span className="text-xs text-zinc-500">{hook.rateLimitPerMinute}/min</span>
              <div className="ml-auto flex gap-2">
                <Button size="sm" variant="secondary" onClick={() => hookActions.rotate.mutate(hook.id, { onSuccess: setMade })}>
                  Rotate secret
                </Button>
                <Button size="sm" variant="secondary" onClick={() => hookActions.update.mutate({ id: hook.id, enabled: !hook.enabled })}>
                  {hook.enabled ? 'Disable' : 'Enable'}
                </Button>
                <Button size="sm" variant="danger" onClick={() => hookActions.remove.mutate(hook.id)}>
                  Delete
                </Button>
              </div>
            </div>
            <TriggerRuns triggerId={hook.id} />
          </div>
        ))}
      </section>

      <section className="flex max-w-xl flex-col gap-3">
        <h2 className="text-sm font-semibold text-zinc-800">Public form</h2>
        <PublishPanel target={{ kind: 'workflow', id: workflowId }} />
      </section>
    </div>
  )
}
