'use client'

import { useState, type FormEvent, type KeyboardEvent } from 'react'
import { errorMessage } from '@/components/api-client'
import { Button, Textarea } from '@/components/ui'

export interface ChatComposerProps {
  /** Resolves once the message is queued; rejects with the reason it was not. */
  onSend: (text: string) => Promise<unknown>
  /** A reply is being written: sending waits until it is done (or stopped). */
  busy: boolean
}

/** The message box: Enter sends, Shift+Enter starts a new line. */
export function ChatComposer({ onSend, busy }: ChatComposerProps) {
  const [text, setText] = useState('')
  const [sending, setSending] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const canSend = text.trim() !== '' && !busy && !sending

  const send = async (event?: FormEvent) => {
    event?.preventDefault()
    if (!canSend) return
    setSending(true)
    setFailure(null)
    try {
      await onSend(text.trim())
      setText('')
    } catch (error) {
      setFailure(errorMessage(error))
    } finally {
      setSending(false)
    }
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) void send(event)
  }

  return (
    <form onSubmit={send} className="space-y-1 border-t border-zinc-200 bg-white p-3">
      <div className="flex items-end gap-2">
        <Textarea
          aria-label="Message"
          placeholder={busy ? 'Wait for the reply, or stop it…' : 'Message the agent (Enter to send, Shift+Enter for a new line)'}
          value={text}
          rows={2}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className="flex-1 resize-y"
        />
        <Button type="submit" variant="primary" disabled={!canSend}>
          Send
        </Button>
      </div>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
    </form>
  )
}
