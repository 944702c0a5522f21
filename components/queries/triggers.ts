'use client'

/** A workflow's schedules and webhooks (issue #32), and the runs each started; mutations reload the list they change. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { UpdateScheduleBody } from '@/lib/contracts/triggers'
import {
  createSchedule,
  createWebhook,
  deleteSchedule,
  deleteWebhook,
  listSchedules,
  listTriggerRuns,
  listWebhooks,
  rotateWebhook,
  updateSchedule,
  updateWebhook,
  type NewSchedule,
} from '@/components/triggers/triggers-api'

export const triggerKeys = {
  all: ['triggers'] as const,
  schedules: (workflowId: string) => [...triggerKeys.all, 'schedules', workflowId] as const,
  webhooks: (workflowId: string) => [...triggerKeys.all, 'webhooks', workflowId] as const,
  runs: (triggerId: string) => [...triggerKeys.all, 'runs', triggerId] as const,
}

export function useSchedulesQuery(workflowId: string) {
  return useQuery({ queryKey: triggerKeys.schedules(workflowId), queryFn: () => listSchedules(workflowId) })
}

export function useWebhooksQuery(workflowId: string) {
  return useQuery({ queryKey: triggerKeys.webhooks(workflowId), queryFn: () => listWebhooks(workflowId) })
}

export function useTriggerRunsQuery(triggerId: string) {
  return useQuery({ queryKey: triggerKeys.runs(triggerId), queryFn: () => listTriggerRuns(triggerId) })
}

export function useScheduleMutations(workflowId: string) {
  const queryClient = useQueryClient()
  const onSettled = () => queryClient.invalidateQueries({ queryKey: triggerKeys.schedules(workflowId) })
  return {
    create: useMutation({ mutationFn: (body: NewSchedule) => createSchedule(workflowId, body), onSettled }),
    update: useMutation({ mutationFn: ({ id, body }: { id: string; body: UpdateScheduleBody }) => updateSchedule(workflowId, id, body), onSettled }),
    remove: useMutation({ mutationFn: (id: string) => deleteSchedule(workflowId, id), onSettled }),
  }
}

export function useWebhookMutations(workflowId: string) {
  const queryClient = useQueryClient()
  const onSettled = () => queryClient.invalidateQueries({ queryKey: triggerKeys.webhooks(workflowId) })
  return {
    create: useMutation({ mutationFn: (body: { name?: string }) => createWebhook(workflowId, body), onSettled }),
    rotate: useMutation({ mutationFn: (id: string) => rotateWebhook(workflowId, id), onSettled }),
    update: useMutation({ mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => updateWebhook(workflowId, id, { enabled }), onSettled }),
    remove: useMutation({ mutationFn: (id: string) => deleteWebhook(workflowId, id), onSettled }),
  }
}
