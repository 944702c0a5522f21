// Usage: node convert.mjs '{"value":5,"from":"km","to":"mi"}'  →  {"value":3.1069,"unit":"mi"}
// Runs in the skill directory, so the table is read from the working directory.
import { readFileSync } from 'node:fs'

const args = JSON.parse(process.argv[2] ?? 'null') ?? {}
const table = new Map(
  readFileSync('conversion-table.csv', 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .map(([unit, kind, factor]) => [unit, { kind, factor: Number(factor) }]),
)
const from = table.get(args.from)
const to = table.get(args.to)
if (typeof args.value !== 'number' || !from || !to) {
  console.error(`Pass args: {"value": <number>, "from": "<unit>", "to": "<unit>"}; units: ${[...table.keys()].join(', ')}`)
  process.exit(2)
}
if (from.kind !== to.kind) {
  console.error(`Cannot convert ${from.kind} (${args.from}) to ${to.kind} (${args.to}).`)
  process.exit(3)
}
const value = Math.round(((args.value * from.factor) / to.factor) * 10_000) / 10_000
console.log(JSON.stringify({ value, unit: args.to }))
