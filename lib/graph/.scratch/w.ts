import { readFileSync } from 'node:fs'
import { validate } from '../validate'
for (const f of ['v1-all-kinds', 'v1-defaults-omitted', 'v1-start-agent-output']) {
  console.log(f, JSON.stringify(validate(JSON.parse(readFileSync(`lib/graph/__fixtures__/valid/${f}.json`, 'utf8'))).problems, null, 0))
}
for (const f of ['bad-cel-transform', 'unknown-kind', 'bad-position', 'two-starts']) {
  console.log(f, JSON.stringify(validate(JSON.parse(readFileSync(`lib/graph/__fixtures__/invalid/${f}.json`, 'utf8'))).problems, null, 0))
}
