import { describe, expect, it } from 'vitest'
import { NODE_STATUS_LABEL, waitingLabel } from './status-style'

describe('waitingLabel', () => {
  it('says what a waiting run waits for', () => {
    expect(waitingLabel(['human_input'])).toBe('Waiting for an answer')
    expect(waitingLabel(['tool_call'])).toBe('Waiting for approval')
    expect(waitingLabel(['sampling', 'tool_call'])).toBe('Waiting for approval')
    expect(waitingLabel(['elicitation'])).toBe('Waiting for information')
  })

  it('falls back to the generic words when the waits differ or are unknown', () => {
    expect(waitingLabel(['human_input', 'tool_call'])).toBe('Waiting for a person')
    expect(waitingLabel([])).toBe('Waiting for a person')
  })

  it('calls a node waiting for a person waiting', () => {
    expect(NODE_STATUS_LABEL.waiting).toBe('Waiting')
  })
})
