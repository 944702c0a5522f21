'use client'

import { Fragment, type ReactNode } from 'react'

/**
 * A reply's text with the Markdown people and models use most: fenced code blocks, `inline code`,
 * **bold**, and bulleted or numbered lines. Built as React elements (never HTML from the text), so
 * whatever the model writes is shown, not run.
 */
export function MessageText({ text }: { text: string }) {
  const blocks = text.split(/(```[^\n]*\n[\s\S]*?(?:\n```|$))/g)
  return (
    <div className="space-y-2 text-sm leading-relaxed break-words text-zinc-800">
      {blocks.map((block, index) => {
        const fence = /^```([^\n]*)\n([\s\S]*?)(?:\n```)?$/.exec(block)
        if (fence) {
          return (
            <pre key={index} className="overflow-x-auto rounded-md bg-zinc-900 p-3 font-mono text-xs text-zinc-100" data-language={fence[1] || undefined}>
              {fence[2]}
            </pre>
          )
        }
        return block
          .split(/\n{2,}/)
          .filter((paragraph) => paragraph.trim() !== '')
          .map((paragraph, p) => <Paragraph key={`${index}-${p}`} text={paragraph} />)
      })}
    </div>
  )
}

function Paragraph({ text }: { text: string }) {
  const lines = text.split('\n')
  const isList = lines.every((line) => /^\s*([-*]|\d+\.)\s+/.test(line))
  if (isList) {
    const ordered = /^\s*\d+\./.test(lines[0])
    const items = lines.map((line, i) => <li key={i}>{inline(line.replace(/^\s*([-*]|\d+\.)\s+/, ''))}</li>)
    return ordered ? <ol className="list-decimal pl-5">{items}</ol> : <ul className="list-disc pl-5">{items}</ul>
  }
  return (
    <p className="whitespace-pre-wrap">
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && '\n'}
          {inline(line)}
        </Fragment>
      ))}
    </p>
  )
}

function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/g).map((part, i) => {
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2) {
      return (
        <code key={i} className="rounded bg-zinc-100 px-1 font-mono text-[0.85em]">
          {part.slice(1, -1)}
        </code>
      )
    }
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) return <strong key={i}>{part.slice(2, -2)}</strong>
    return part
  })
}
