import { SchemaView } from './SchemaView'
import { HTTP_METHODS, refName, type OpenApiView, type OperationView, type ResponseView } from './openapi-view-types'

export interface ApiReferenceProps {
  document: OpenApiView
}

interface Entry {
  method: string
  path: string
  operation: OperationView
}

/**
 * The OpenAPI description rendered for people, on the server, with no script: operations grouped by
 * tag (each opens to its parameters, body and answers), then the shared schemas they link to.
 * Our own small renderer: the packaged ones bring a second UI framework (Scalar: Vue) or a large
 * client bundle (Swagger UI), and this page needs neither.
 */
export function ApiReference({ document }: ApiReferenceProps) {
  const entries: Entry[] = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    HTTP_METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method]! })),
  )
  const tags = document.tags ?? []
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 p-6">
      <header className="space-y-2">
        <h1 className="text-xl font-semibold text-zinc-900">
          {document.info.title} <span className="text-sm font-normal text-zinc-500">v{document.info.version}</span>
        </h1>
        {document.info.description ? <p className="text-sm text-zinc-700">{document.info.description}</p> : null}
        <p className="text-sm">
          <a href="/api/openapi.json" className="text-indigo-700 underline">
            openapi.json
          </a>{' '}
          <span className="text-zinc-500">(OpenAPI {document.openapi}, for client generators and API tools)</span>
        </p>
        <nav aria-label="API sections" className="flex flex-wrap gap-2 text-sm">
          {tags.map((tag) => (
            <a key={tag.name} href={`#tag-${tag.name}`} className="rounded-md bg-zinc-100 px-2 py-1 text-zinc-700 hover:bg-zinc-200">
              {tag.name}
            </a>
          ))}
        </nav>
      </header>
      {tags.map((tag) => (
        <section key={tag.name} id={`tag-${tag.name}`} aria-labelledby={`tag-${tag.name}-title`} className="space-y-2">
          <h2 id={`tag-${tag.name}-title`} className="text-lg font-semibold text-zinc-900">
            {tag.name}
          </h2>
          {tag.description ? <p className="text-sm text-zinc-600">{tag.description}</p> : null}
          {entries
            .filter((entry) => entry.operation.tags?.includes(tag.name))
            .map((entry) => (
              <OperationDetails key={`${entry.method} ${entry.path}`} {...entry} />
            ))}
        </section>
      ))}
      <section aria-labelledby="schemas-title" className="space-y-3">
        <h2 id="schemas-title" className="text-lg font-semibold text-zinc-900">
          Schemas
        </h2>
        {Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => (
          <div key={name} id={`schema-${name}`} className="rounded-md border border-zinc-200 p-3">
            <h3 className="mb-1 font-mono text-sm font-semibold">{name}</h3>
            <SchemaView schema={schema} />
          </div>
        ))}
      </section>
    </div>
  )
}

const METHOD_COLOURS: Record<string, string> = {
  get: 'bg-sky-100 text-sky-800',
  post: 'bg-emerald-100 text-emerald-800',
  patch: 'bg-amber-100 text-amber-800',
  put: 'bg-amber-100 text-amber-800',
  delete: 'bg-rose-100 text-rose-800',
}

function OperationDetails({ method, path, operation }: Entry) {
  const body = operation.requestBody?.content?.['application/json']?.schema
  return (
    <details id={operation.operationId} className="rounded-md border border-zinc-200 bg-white">
      <summary className="flex cursor-pointer items-center gap-3 px-3 py-2 text-sm">
        <span className={`w-16 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold uppercase ${METHOD_COLOURS[method]}`}>{method}</span>
        <span className="font-mono">{path}</span>
        <span className="text-zinc-600">{operation.summary}</span>
      </summary>
      <div className="space-y-3 border-t border-zinc-200 px-3 py-3 text-sm">
        <p className="text-zinc-600">
          {operation.security?.length === 0 ? 'Open to anyone.' : 'Needs a sign-in or an API token (Authorization: Bearer al_…).'}
        </p>
        {operation.parameters?.length ? (
          <div>
            <h4 className="font-medium">Parameters</h4>
            <ul className="ml-4 list-disc">
              {operation.parameters.map((parameter) => (
                <li key={`${parameter.in} ${parameter.name}`}>
                  <span className="font-mono">{parameter.name}</span> <span className="text-zinc-500">({parameter.in})</span>
                  {parameter.required ? <span className="text-rose-600">*</span> : null} {parameter.schema ? <SchemaView schema={parameter.schema} /> : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {body ? (
          <div>
            <h4 className="font-medium">Request body (JSON)</h4>
            <SchemaView schema={body} />
          </div>
        ) : null}
        <div>
          <h4 className="font-medium">Responses</h4>
          <ul className="space-y-1">
            {Object.entries(operation.responses ?? {}).map(([status, response]) => (
              <ResponseLine key={status} status={status} response={response} />
            ))}
          </ul>
        </div>
      </div>
    </details>
  )
}

function ResponseLine({ status, response }: { status: string; response: ResponseView }) {
  if (response.$ref) {
    return (
      <li>
        <span className="font-mono font-semibold">{status}</span> <span className="text-zinc-600">error: </span>
        <a href="#schema-ApiError" className="text-indigo-700 underline">
          ApiError
        </a>{' '}
        <span className="text-zinc-400">({refName(response.$ref)})</span>
      </li>
    )
  }
  const [type, media] = Object.entries(response.content ?? {})[0] ?? []
  return (
    <li>
      <span className="font-mono font-semibold">{status}</span> <span className="text-zinc-600">{response.description}</span>
      {type ? <span className="ml-2 text-zinc-400">{type}</span> : null}
      {media?.schema ? <SchemaView schema={media.schema} /> : null}
    </li>
  )
}
