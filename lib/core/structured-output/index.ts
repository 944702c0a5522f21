export { DEFAULT_FORMAT_NAME, normalizeResponseFormat } from './response-format'
export type {
  ChatCompletionsResponseFormat,
  JsonSchemaResponseFormat,
  NormalizedJsonSchemaFormat,
  NormalizedResponseFormat,
  ResponseFormat,
} from './response-format'
export { qualifiesForStrictMode } from './strict-mode'
export { fillStructuredValue, parseStructuredValue } from './structured-value'
