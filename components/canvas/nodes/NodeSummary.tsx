/** A node's summary lines on the canvas: the first up to two lines, the others one muted line each. */
export function NodeSummary({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line, i) => (
        <p key={i} className={i === 0 ? 'line-clamp-2' : 'mt-1 truncate text-[11px] text-zinc-500'}>
          {line}
        </p>
      ))}
    </>
  )
}
