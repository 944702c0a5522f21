/** What the editor shows until its canvas can draw. */
export function WorkflowEditorPlaceholder() {
  return <div className="flex flex-1 items-center justify-center text-sm text-zinc-500">Loading workflow…</div>
}
