'use client'

import { useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useModelPricesQuery, useSaveModelPrices } from '@/components/queries/model-prices'
import { Badge, Button, Input } from '@/components/ui'
import type { ModelPrice } from '@/lib/contracts/model-prices'
import { QueryErrorNotice } from './QueryErrorNotice'

type DraftPrice = { model: string; input: string; output: string }

const draftOf = (price: ModelPrice): DraftPrice => ({ model: price.model, input: String(price.inputPerMillionUsd), output: String(price.outputPerMillionUsd) })
const priceOf = (draft: DraftPrice): ModelPrice => ({
  model: draft.model.trim(),
  inputPerMillionUsd: Number(draft.input),
  outputPerMillionUsd: Number(draft.output),
})

/** The workspace's price per model (US dollars per million tokens): what runs, conversations and experiments show as cost. */
export function ModelPricesSettings({ workspaceId }: { workspaceId: string }) {
  const query = useModelPricesQuery(workspaceId)
  if (query.isError && !query.data) return <QueryErrorNotice what="model prices" error={query.error} onRetry={() => void query.refetch()} />
  if (!query.data) return <p className="text-sm text-zinc-500">Loading prices…</p>
  return <PricesForm key={query.data.updatedAt ?? 'default'} workspaceId={workspaceId} source={query.data.source} prices={query.data.prices} />
}

function PricesForm({ workspaceId, source, prices }: { workspaceId: string; source: 'default' | 'workspace'; prices: readonly ModelPrice[] }) {
  const [drafts, setDrafts] = useState(() => prices.map(draftOf))
  const save = useSaveModelPrices(workspaceId)
  const update = (index: number, change: Partial<DraftPrice>) => setDrafts((all) => all.map((one, at) => (at === index ? { ...one, ...change } : one)))

  return (
    <section className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4" data-testid="model-prices">
      <p className="text-xs text-zinc-600">
        {source === 'default' ? <Badge className="mr-2">built-in defaults</Badge> : null}A dated model (gpt-4o-mini-2024-07-18) is priced as the longest name
        here it starts with. Saving an empty table goes back to the defaults.
      </p>
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-zinc-500">
          <tr>
            <th className="py-1 font-medium">Model</th>
            <th className="py-1 font-medium">Input, $ per 1M tokens</th>
            <th className="py-1 font-medium">Output, $ per 1M tokens</th>
            <th className="py-1">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {drafts.map((draft, index) => (
            <tr key={index} data-testid="model-price-row">
              <td className="py-1 pr-2">
                <Input aria-label={`Model ${index + 1}`} value={draft.model} onChange={(event) => update(index, { model: event.target.value })} />
              </td>
              <td className="py-1 pr-2">
                <Input
                  aria-label={`Input price ${index + 1}`}
                  type="number"
                  min={0}
                  step="any"
                  value={draft.input}
                  onChange={(event) => update(index, { input: event.target.value })}
                />
              </td>
              <td className="py-1 pr-2">
                <Input
                  aria-label={`Output price ${index + 1}`}
                  type="number"
                  min={0}
                  step="any"
                  value={draft.output}
                  onChange={(event) => update(index, { output: event.target.value })}
                />
              </td>
              <td className="py-1">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove ${draft.model || 'model'}`}
                  onClick={() => setDrafts((all) => all.filter((_, at) => at !== index))}
                >
                  ✕
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex items-center gap-2">
        <Button size="sm" onClick={() => setDrafts((all) => [...all, { model: '', input: '0', output: '0' }])}>
          Add model
        </Button>
        <Button size="sm" variant="primary" disabled={save.isPending} onClick={() => save.mutate(drafts.map(priceOf))} data-testid="save-model-prices">
          {save.isPending ? 'Saving…' : 'Save prices'}
        </Button>
        {save.isSuccess ? <span className="text-xs text-emerald-700">Saved.</span> : null}
        {save.error ? (
          <span role="alert" className="text-xs text-red-600">
            {errorMessage(save.error)}
          </span>
        ) : null}
      </div>
    </section>
  )
}
