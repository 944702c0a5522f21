'use client'

/** Experiments: the list of a dataset's, one experiment followed while it runs, its results, comparisons, start and cancel. */
import { useMutation, useQuery, useQueryClient, type Query } from '@tanstack/react-query'
import {
  cancelExperiment,
  compareExperiments,
  createExperiment,
  getExperiment,
  getExperimentResults,
  listExperiments,
} from '@/components/evaluations/experiments-api'
import type { CreateExperimentRequest, ExperimentResultsResponse, ExperimentView } from '@/lib/contracts/experiments'

export const experimentKeys = {
  all: ['experiments'] as const,
  lists: () => [...experimentKeys.all, 'list'] as const,
  list: (datasetId?: string) => [...experimentKeys.lists(), { datasetId: datasetId ?? null }] as const,
  detail: (id: string) => [...experimentKeys.all, 'detail', id] as const,
  results: (id: string) => [...experimentKeys.detail(id), 'results'] as const,
  compare: (id: string, baselineId: string) => [...experimentKeys.detail(id), 'compare', baselineId] as const,
}

/** How often a running experiment's progress is asked again (the page polls; an experiment has no event stream). */
export const EXPERIMENT_PROGRESS_MS = 1_000
/** Its results are heavier (every row): asked less often while it runs. */
export const EXPERIMENT_RESULTS_MS = 3_000

const running = (experiment: ExperimentView | undefined) => experiment?.status === 'running'

export function useExperimentsQuery(datasetId?: string) {
  return useQuery({
    queryKey: experimentKeys.list(datasetId),
    queryFn: () => listExperiments(datasetId),
    refetchInterval: (query: Query<ExperimentView[]>) => (query.state.data?.some(running) ? EXPERIMENT_RESULTS_MS : false),
  })
}

export function useExperimentQuery(id: string) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: experimentKeys.detail(id),
    queryFn: async () => {
      const experiment = await getExperiment(id)
      // The last poll of a run that just ended fetches the results once more, complete.
      if (!running(experiment)) void queryClient.invalidateQueries({ queryKey: experimentKeys.results(id) })
      return experiment
    },
    refetchInterval: (query: Query<ExperimentView>) => (running(query.state.data) ? EXPERIMENT_PROGRESS_MS : false),
  })
}

export function useExperimentResultsQuery(id: string) {
  return useQuery({
    queryKey: experimentKeys.results(id),
    queryFn: () => getExperimentResults(id),
    refetchInterval: (query: Query<ExperimentResultsResponse>) => (running(query.state.data?.experiment) ? EXPERIMENT_RESULTS_MS : false),
  })
}

export function useExperimentComparisonQuery(id: string, baselineId: string | undefined) {
  return useQuery({
    queryKey: experimentKeys.compare(id, baselineId ?? ''),
    queryFn: () => compareExperiments(id, baselineId ?? ''),
    enabled: baselineId !== undefined,
  })
}

export function useCreateExperiment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateExperimentRequest) => createExperiment(body),
    onSuccess: (experiment) => {
      queryClient.setQueryData(experimentKeys.detail(experiment.id), experiment)
      void queryClient.invalidateQueries({ queryKey: experimentKeys.lists() })
    },
  })
}

export function useCancelExperiment(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => cancelExperiment(id),
    onSuccess: (experiment) => {
      queryClient.setQueryData(experimentKeys.detail(id), experiment)
      void queryClient.invalidateQueries({ queryKey: experimentKeys.all })
    },
  })
}
