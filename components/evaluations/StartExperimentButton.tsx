'use client'

import { useId, useState } from 'react'
import { useRouter } from 'next/navigation'
import { errorMessage } from '@/components/api-client'
import { useAgentsQuery, useAgentVersionsQuery } from '@/components/queries/agents'
import { useCreateExperiment } from '@/components/queries/experiments'
import { useVersionsQuery } from '@/components/queries/workflow-versions'
import { useWorkflowsQuery } from '@/components/queries/workflows'
import { Button, Dialog, Field, Input, Select } from '@/components/ui'
import type { DatasetSummary } from '@/lib/contracts/datasets'
import type { EvaluatorKind, EvaluatorSpecInput } from '@/lib/contracts/evaluators'
import { EVALUATOR_FORMS, EVALUATOR_KINDS } from './evaluator-forms'
import { EvaluatorEditor } from './EvaluatorEditor'

/** "Run experiment" on a dataset's page: the target and its version, evaluators, trials and concurrency. */
export function StartExperimentButton({ dataset, version }: { dataset: DatasetSummary; version: number }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button size="sm" variant="primary" onClick={() => setOpen(true)} data-testid="start-experiment">
        Run experiment
      </Button>
      {open ? <StartExperimentDialog dataset={dataset} version={version} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

function StartExperimentDialog({ dataset, version, onClose }: { dataset: DatasetSummary; version: number; onClose: () => void }) {
  const id = useId()
  const router = useRouter()
  const [kind, setKind] = useState<'workflow' | 'agent'>('workflow')
  const [targetId, setTargetId] = useState(dataset.workflowId ?? '')
  const [targetVersion, setTargetVersion] = useState('')
  const [evaluators, setEvaluators] = useState<EvaluatorSpecInput[]>([])
  const [adding, setAdding] = useState<EvaluatorKind>('contains')
  const [trials, setTrials] = useState(1)
  const [concurrency, setConcurrency] = useState(4)
  const workspaceId = dataset.workspaceId ?? undefined
  const workflows = useWorkflowsQuery({ workspaceId, enabled: kind === 'workflow' })
  const agents = useAgentsQuery(workspaceId)
  const create = useCreateExperiment()

  const targets =
    kind === 'workflow' ? (workflows.data ?? []).map((w) => ({ value: w.id, label: w.name })) : (agents.data ?? []).map((a) => ({ value: a.id, label: a.name }))
  const start = () =>
    create.mutate(
      {
        datasetId: dataset.id,
        datasetVersion: version,
        target: { [kind === 'workflow' ? 'workflowId' : 'agentId']: targetId, ...(targetVersion ? { version: Number(targetVersion) } : {}) },
        evaluators,
        trials,
        concurrency,
      },
      { onSuccess: (experiment) => router.push(`/experiments/${experiment.id}`) },
    )

  return (
    <Dialog
      open
      onClose={onClose}
      size="3xl"
      title={`Run an experiment on ${dataset.name} v${version}`}
      description="Every row runs as an ordinary run (times the trials), and each run is scored by the evaluators."
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={start} disabled={create.isPending || !targetId || evaluators.length === 0} data-testid="experiment-submit">
            {create.isPending ? 'Starting…' : 'Start'}
          </Button>
        </>
      }
    >
      <div className="grid grid-cols-4 gap-3">
        <Field label="Target" htmlFor={`${id}-kind`}>
          <Select
            id={`${id}-kind`}
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as 'workflow' | 'agent')
              setTargetId('')
              setTargetVersion('')
            }}
            options={[
              { value: 'workflow', label: 'Workflow' },
              { value: 'agent', label: 'Agent' },
            ]}
          />
        </Field>
        <Field label={kind === 'workflow' ? 'Workflow' : 'Agent'} htmlFor={`${id}-target`}>
          <Select
            id={`${id}-target`}
            value={targetId}
            onChange={(event) => setTargetId(event.target.value)}
            options={[{ value: '', label: 'Choose…' }, ...targets]}
            data-testid="experiment-target"
          />
        </Field>
        <Field label="Version" htmlFor={`${id}-version`}>
          {kind === 'workflow' && targetId ? (
            <WorkflowVersionSelect id={`${id}-version`} workflowId={targetId} value={targetVersion} onChange={setTargetVersion} />
          ) : kind === 'agent' && targetId ? (
            <AgentVersionSelect id={`${id}-version`} agentId={targetId} value={targetVersion} onChange={setTargetVersion} />
          ) : (
            <VersionSelect id={`${id}-version`} versions={[]} value="" onChange={setTargetVersion} />
          )}
        </Field>
        <div className="grid grid-cols-2 gap-2">
          <Field label="Trials" htmlFor={`${id}-trials`}>
            <Input
              id={`${id}-trials`}
              type="number"
              min={1}
              max={5}
              value={trials}
              onChange={(event) => setTrials(Math.max(1, Math.min(5, Number(event.target.value) || 1)))}
            />
          </Field>
          <Field label="At once" htmlFor={`${id}-concurrency`}>
            <Input
              id={`${id}-concurrency`}
              type="number"
              min={1}
              max={16}
              value={concurrency}
              onChange={(event) => setConcurrency(Math.max(1, Math.min(16, Number(event.target.value) || 1)))}
            />
          </Field>
        </div>
      </div>
      <div className="flex max-h-[45vh] flex-col gap-2 overflow-y-auto">
        {evaluators.map((spec, index) => (
          <EvaluatorEditor
            key={index}
            spec={spec}
            index={index}
            onChange={(changed) => setEvaluators((all) => all.map((one, at) => (at === index ? changed : one)))}
            onRemove={() => setEvaluators((all) => all.filter((_, at) => at !== index))}
          />
        ))}
      </div>
      <div className="flex items-center gap-2">
        <Select
          aria-label="Evaluator kind"
          className="w-64"
          value={adding}
          onChange={(event) => setAdding(event.target.value as EvaluatorKind)}
          options={EVALUATOR_KINDS.map((value) => ({ value, label: EVALUATOR_FORMS[value].label }))}
          data-testid="evaluator-kind"
        />
        <Button onClick={() => setEvaluators((all) => [...all, EVALUATOR_FORMS[adding].initial])} data-testid="add-evaluator">
          Add evaluator
        </Button>
      </div>
      {create.error ? (
        <p role="alert" className="text-xs text-red-600">
          {errorMessage(create.error)}
        </p>
      ) : null}
    </Dialog>
  )
}

interface VersionSelectProps {
  id: string
  value: string
  onChange: (version: string) => void
}

function WorkflowVersionSelect({ workflowId, ...props }: VersionSelectProps & { workflowId: string }) {
  return <VersionSelect {...props} versions={useVersionsQuery(workflowId).data ?? []} />
}

function AgentVersionSelect({ agentId, ...props }: VersionSelectProps & { agentId: string }) {
  return <VersionSelect {...props} versions={useAgentVersionsQuery(agentId).data ?? []} />
}

/** The target's saved versions, newest first; "Latest" fixes the newest when the experiment starts. */
function VersionSelect({ id, value, onChange, versions }: VersionSelectProps & { versions: readonly { version: number }[] }) {
  return (
    <Select
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={[{ value: '', label: 'Latest' }, ...versions.map((v) => ({ value: String(v.version), label: `v${v.version}` }))]}
      data-testid="experiment-version"
    />
  )
}
