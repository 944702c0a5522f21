import { describe, expect, it } from 'vitest'
import { approvalNotificationText, escalationNotificationText } from './browser-notifications'

describe("an approval's browser notification", () => {
  it('names the newest request and counts the others', () => {
    expect(approvalNotificationText({ title: 'Sign-off asks a question' }, 1)).toEqual({
      title: 'A run is waiting for your answer',
      body: 'Sign-off asks a question',
    })
    expect(approvalNotificationText({ title: 'Sampling by docs' }, 2).body).toBe('Sampling by docs (and 1 more)')
    expect(approvalNotificationText({ title: 'Sampling by docs' }, 5).body).toBe('Sampling by docs (and 4 more)')
  })

  it('counts what waits when the newest could not be read', () => {
    expect(approvalNotificationText(undefined, 3).body).toBe('3 approvals wait in your inbox.')
  })

  it('tells an owner that an approval was escalated to them, with its title', () => {
    expect(escalationNotificationText({ title: 'Ship it?' })).toEqual({ title: 'Escalated to you as an owner', body: 'Still waiting for an answer: Ship it?' })
  })
})
