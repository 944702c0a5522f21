import { afterEach, describe, expect, it } from 'vitest'
import { stopOnSignals } from './process-shutdown'

describe('stopOnSignals', () => {
  let remove: (() => void) | undefined
  afterEach(() => remove?.())

  function install(steps: (() => Promise<void>)[]) {
    const exits: number[] = []
    const errors: string[] = []
    let exited!: () => void
    const done = new Promise<void>((resolve) => (exited = resolve))
    remove = stopOnSignals({
      steps,
      exit: (code) => {
        exits.push(code)
        exited()
      },
      logger: { error: (message: string) => errors.push(message) },
    })
    return { exits, errors, done }
  }

  it('runs every step in order, a failing one logged and the next still run, then exits with the signal code', async () => {
    const order: string[] = []
    const { exits, errors, done } = install([
      async () => void order.push('worker'),
      async () => {
        throw new Error('could not release')
      },
      async () => void order.push('last'),
    ])
    process.emit('SIGTERM')
    await done
    expect(order).toEqual(['worker', 'last'])
    expect(errors).toEqual(['[shutdown] could not release'])
    expect(exits).toEqual([143])
  })

  it('exits at once on a second signal while the steps are still running', async () => {
    let finish!: () => void
    const { exits } = install([() => new Promise<void>((resolve) => (finish = resolve))])
    process.emit('SIGINT')
    process.emit('SIGINT')
    expect(exits).toEqual([130])
    finish()
  })
})
