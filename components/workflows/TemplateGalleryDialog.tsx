'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { Dialog } from '@/components/ui/Dialog'
import { WORKFLOW_TEMPLATES, templateOutline, type TemplateCategory, type WorkflowTemplate } from '@/lib/graph/templates'

export interface TemplateGalleryDialogProps {
  open: boolean
  onClose: () => void
}

const SECTIONS: ReadonlyArray<{ category: TemplateCategory; title: string }> = [
  { category: 'orchestration', title: 'Orchestrations' },
  { category: 'approval', title: 'Approvals' },
]

/**
 * The template gallery: a card per template with what it does and its nodes in order. "Use
 * template" opens a draft of it in the editor, so nothing is saved until the person saves.
 */
export function TemplateGalleryDialog({ open, onClose }: TemplateGalleryDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="New from template"
      description="Each template runs on the demo model as it is; the run dialog suggests an input to try."
      size="4xl"
      footer={
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <div data-testid="template-gallery" className="flex max-h-[65vh] flex-col gap-5 overflow-auto pr-1">
        {SECTIONS.map(({ category, title }) => (
          <section key={category} aria-label={title} className="flex flex-col gap-2">
            <h3 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase">{title}</h3>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {WORKFLOW_TEMPLATES.filter((template) => template.category === category).map((template) => (
                <TemplateCard key={template.id} template={template} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </Dialog>
  )
}

function TemplateCard({ template }: { template: WorkflowTemplate }) {
  const outline = templateOutline(template.document)
  return (
    <li data-testid={`template-card-${template.id}`} className="flex flex-col gap-2 rounded-lg border border-zinc-200 bg-white p-3">
      <h4 className="text-sm font-semibold text-zinc-900">{template.title}</h4>
      <p className="text-xs text-zinc-600">{template.description}</p>
      <ol aria-label="Nodes" className="flex flex-wrap items-center gap-1 text-[11px] text-zinc-700">
        {outline.map((step, index) => (
          <li key={index} className="flex items-center gap-1">
            {index > 0 ? <span aria-hidden="true">→</span> : null}
            <span className="rounded border border-zinc-200 bg-zinc-50 px-1.5 py-0.5">{step}</span>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-1">
        {template.mcpServerIds.map((id) => (
          <Badge key={id} tone="accent">
            MCP: {id}
          </Badge>
        ))}
        {template.tags.map((tag) => (
          <Badge key={tag}>{tag}</Badge>
        ))}
      </div>
      <IntentLink
        href={`/workflows/new?template=${encodeURIComponent(template.id)}`}
        data-testid={`use-template-${template.id}`}
        className="mt-auto inline-flex h-8 items-center justify-center self-start rounded-md bg-indigo-600 px-3 text-xs font-medium text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        Use template
      </IntentLink>
    </li>
  )
}
