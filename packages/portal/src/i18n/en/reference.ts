/**
 * The words of the API reference page (/api/docs), which the portal's build writes from the OpenAPI
 * document (src/reference/render.ts). Every call's own summary and description come from the document.
 */
export const reference = {
  title: 'Partner Panel API reference',
  skip: 'Skip to the reference',
  contents: 'Contents',
  conventions: 'Authentication and headers',
  download: 'Download the OpenAPI document (JSON)',
  download_help: 'Generate a client in any language from it, or import it into your API tool.',
  sdk: 'From Node.js or a browser, the typed SDK @partner-panel/sdk makes these calls for you: see Explore Docs in your Partner Panel for its quick start.',
  auth_title: 'Authentication',
  headers_title: 'Headers',
  errors_title: 'Errors',
  errors_intro:
    'A refusal answers an HTTP status and the envelope { header: { code, status, message, request_id }, body }. Match on the HTTP status and header.code, never on the message, which may be reworded.',
  statuses_title: 'HTTP statuses',
  codes_title: 'Error codes',
  code: 'Code',
  http: 'HTTP',
  message: 'Message',
  parameters: 'Parameters',
  request_body: 'Request body',
  answer: 'Answer',
  refusals: 'Refusals:',
  answer_headers: 'Headers:',
  required: 'required',
  in_path: 'in the path',
  in_query: 'in the query',
  in_header: 'header',
  in_cookie: 'cookie',
  file: 'A file:',
  one_of: 'One of:',
  characters: 'characters',
  at_least: 'at least',
  at_most: 'at most',
  pattern: 'matches',
  format: 'format',
  default: 'default',
  any: 'any',
  array_of: 'array of',
  map_of: 'map of',
  bearer: 'Authorization: Bearer <token>',
} as const;

export type ReferenceText = Record<keyof typeof reference, string>;
