import type { ReactNode } from 'react'
import type { EventIcon as EventIconName } from './describe-event'

/** Small stroke icons (16px, currentColor) for timeline rows; drawn inline so nothing loads from the network. */
const PATHS: Record<EventIconName, ReactNode> = {
  queued: (
    <>
      <circle cx="8" cy="8" r="5.5" />
      <path d="M8 5v3l2 1.5" />
    </>
  ),
  play: <path d="M5.5 4v8l6-4z" />,
  check: <path d="M3.5 8.5l3 3 6-7" />,
  cross: <path d="M4.5 4.5l7 7m0-7l-7 7" />,
  stop: <rect x="4.5" y="4.5" width="7" height="7" rx="1" />,
  node: (
    <>
      <rect x="2.5" y="4.5" width="11" height="7" rx="2" />
      <path d="M5.5 8h5" />
    </>
  ),
  text: <path d="M3 4.5h10M3 8h10M3 11.5h6" />,
  output: <path d="M8 2.5v8m-3.5-3.5L8 10.5l3.5-3.5M3 13.5h10" />,
  step: <path d="M3 12.5h3v-3h3v-3h3v-3" />,
  warning: (
    <>
      <path d="M8 2.5l6 11H2z" />
      <path d="M8 7v2.5m0 2v.01" />
    </>
  ),
  approval: (
    <>
      <path d="M8 2.5l5 2v3.5c0 3-2.2 5-5 5.5-2.8-.5-5-2.5-5-5.5V4.5z" />
      <path d="M6 8l1.5 1.5L10.5 6.5" />
    </>
  ),
  plug: <path d="M6 2.5v3m4-3v3M4.5 5.5h7V8a3.5 3.5 0 01-7 0zM8 11.5v2" />,
  tool: <path d="M10.5 2.5a3 3 0 00-2.8 4L3 11.2 4.8 13l4.7-4.7a3 3 0 004-2.8l-1.8 1.8-1.8-.5-.5-1.8z" />,
  task: <path d="M4.5 2.5h7M4.5 13.5h7M5.5 2.5c0 3 5 3.5 5 5.5s-5 2.5-5 5.5M10.5 2.5c0 3-5 3.5-5 5.5s5 2.5 5 5.5" />,
  dot: <circle cx="8" cy="8" r="2.5" />,
}

export function EventIcon({ icon, className }: { icon: EventIconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      className={className}
    >
      {PATHS[icon]}
    </svg>
  )
}
