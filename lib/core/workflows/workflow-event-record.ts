/**
 * The event record behind a non-streaming run's result. A run() result holds every event of the run
 * (as in the reference), but most of them are lifecycle bookkeeping: four per executed node
 * (`superstep_started`, `executor_invoked`, `executor_completed`, `superstep_completed`). Keeping those
 * as objects until the run ends made the live heap grow with the run, and with it the collector's
 * work per step, so a 5,000-node chain cost ~1.5× per node what a 1,000-node chain did.
 *
 * Here lifecycle events are stored as columns: a kind byte, a number (iteration or value count) and
 * their references (executor id, message) in one flat array, with the messages an executor sent
 * spread into it instead of kept as an array. Nothing per event stays on the heap beyond the
 * messages themselves, which the result must keep anyway. Every other event is kept as given.
 * Event objects are rebuilt, once, when someone asks for the whole list.
 */
import type { WorkflowEvent } from './events'

const enum Kind {
  Kept = 0,
  SuperstepStarted = 1,
  SuperstepCompleted = 2,
  ExecutorInvoked = 3,
  ExecutorInvokedWithoutData = 4,
  ExecutorCompleted = 5,
  ExecutorCompletedWithSent = 6,
}

export class WorkflowEventRecord {
  private kinds = new Uint8Array(256)
  /** Per event: the iteration (supersteps), the number of sent messages, or 0. */
  private numbers = new Int32Array(256)
  private count = 0
  /** Kept events and the references of lifecycle events, in event order. */
  private readonly refs: unknown[] = []
  /** The kept events alone, so results can read outputs without walking every record. */
  private readonly kept: WorkflowEvent[] = []
  private materialized?: WorkflowEvent[]

  get length(): number {
    return this.count
  }

  record(event: WorkflowEvent): void {
    switch (event.type) {
      case 'superstep_started':
        this.append(Kind.SuperstepStarted, event.iteration)
        return
      case 'superstep_completed':
        this.append(Kind.SuperstepCompleted, event.iteration)
        return
      case 'executor_invoked':
        if ('data' in event) {
          this.append(Kind.ExecutorInvoked, 0)
          this.refs.push(event.executorId, event.data)
        } else {
          this.append(Kind.ExecutorInvokedWithoutData, 0)
          this.refs.push(event.executorId)
        }
        return
      case 'executor_completed': {
        const sent = event.data
        if (sent === undefined) {
          this.append(Kind.ExecutorCompleted, 0)
          this.refs.push(event.executorId)
          return
        }
        this.append(Kind.ExecutorCompletedWithSent, sent.length)
        this.refs.push(event.executorId)
        for (let i = 0; i < sent.length; i++) this.refs.push(sent[i])
        return
      }
      default:
        this.append(Kind.Kept, 0)
        this.refs.push(event)
        this.kept.push(event)
    }
  }

  /** The events that were kept as objects (everything but the lifecycle records), in order. */
  keptEvents(): readonly WorkflowEvent[] {
    return this.kept
  }

  /** Every event as an object, in order (built on the first call, then shared). */
  toArray(): readonly WorkflowEvent[] {
    return (this.materialized ??= this.rebuild())
  }

  private rebuild(): WorkflowEvent[] {
    const events: WorkflowEvent[] = new Array(this.count)
    const refs = this.refs
    let ref = 0
    for (let i = 0; i < this.count; i++) {
      const kind = this.kinds[i]
      const number = this.numbers[i]
      switch (kind) {
        case Kind.Kept:
          events[i] = refs[ref] as WorkflowEvent
          break
        case Kind.SuperstepStarted:
          events[i] = { type: 'superstep_started', iteration: number }
          break
        case Kind.SuperstepCompleted:
          events[i] = { type: 'superstep_completed', iteration: number }
          break
        case Kind.ExecutorInvoked:
          events[i] = { type: 'executor_invoked', executorId: refs[ref] as string, data: refs[ref + 1] }
          break
        case Kind.ExecutorInvokedWithoutData:
          events[i] = { type: 'executor_invoked', executorId: refs[ref] as string }
          break
        case Kind.ExecutorCompleted:
          events[i] = { type: 'executor_completed', executorId: refs[ref] as string }
          break
        case Kind.ExecutorCompletedWithSent:
          events[i] = { type: 'executor_completed', executorId: refs[ref] as string, data: refs.slice(ref + 1, ref + 1 + number) }
          break
      }
      ref += refCount(kind, number)
    }
    return events
  }

  private append(kind: Kind, number: number): void {
    if (this.count === this.kinds.length) this.grow()
    this.kinds[this.count] = kind
    this.numbers[this.count] = number
    this.count++
    this.materialized = undefined
  }

  private grow(): void {
    const kinds = new Uint8Array(this.kinds.length * 2)
    kinds.set(this.kinds)
    const numbers = new Int32Array(this.numbers.length * 2)
    numbers.set(this.numbers)
    this.kinds = kinds
    this.numbers = numbers
  }
}

/** How many entries of `refs` an event of this kind occupies. */
function refCount(kind: number, number: number): number {
  switch (kind) {
    case Kind.SuperstepStarted:
    case Kind.SuperstepCompleted:
      return 0
    case Kind.ExecutorInvoked:
      return 2
    case Kind.ExecutorCompletedWithSent:
      return 1 + number
    default:
      return 1
  }
}
