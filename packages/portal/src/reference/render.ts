/**
 * The API reference as one static HTML page, written by the portal's build from the OpenAPI
 * document (vite.config.ts) and served at /api/docs. No script: the calls grouped by tag with a
 * sidebar of anchors, each with its parameters, request and answer schemas in <details>, its
 * refusals, and the error catalogue. A renderer running in the browser (Scalar) cost about 950 kB
 * of JavaScript and seconds of a blocked main thread for what plain HTML shows.
 */
import type { ReferenceText } from '../i18n/en/reference';

export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  additionalProperties?: Schema | boolean;
  $ref?: string;
}

interface Ref {
  $ref: string;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Response {
  description: string;
  headers?: Record<string, Ref>;
  content?: Record<string, { schema?: Schema }>;
}
interface Operation {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, Response | Ref>;
}
export interface OpenApi {
  info: { title: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, { description?: string; type: string; scheme?: string; in?: string; name?: string }>;
    headers: Record<string, { description?: string }>;
    responses: Record<string, Response>;
  };
}

/** One entry of the error catalogue (the SDK's `errors`). */
export interface CatalogueEntry {
  code: string;
  http: number;
  message: string;
}

export interface ReferenceInput {
  doc: OpenApi;
  text: ReferenceText;
  catalogue: readonly CatalogueEntry[];
  /** Where the OpenAPI document is served, for its download link. */
  documentUrl: string;
}

const escape = (value: unknown) =>
  String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** zod's bounds of a safe integer say nothing a reader needs. */
const meaningful = (n: number | undefined): n is number => n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER;

const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** The schema's type as one short label: `string`, `"active" | "suspended"`, `array of object`. */
export function typeLabel(s: Schema, text: ReferenceText): string {
  if (s.$ref) return refName(s.$ref);
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return [...new Set(alternatives.map((a) => typeLabel(a, text)))].join(' | ');
  if (Array.isArray(s.type)) return s.type.join(' | ');
  if (s.type === 'array') return `${text.array_of} ${s.items ? typeLabel(s.items, text) : text.any}`;
  if (s.type === 'object' && !s.properties && typeof s.additionalProperties === 'object') return `${text.map_of} ${typeLabel(s.additionalProperties, text)}`;
  return s.type ?? text.any;
}

/** The schema's constraints, as short phrases. */
function facts(s: Schema, text: ReferenceText): string[] {
  const out: string[] = [];
  if (s.minLength !== undefined && s.maxLength !== undefined) out.push(`${s.minLength}–${s.maxLength} ${text.characters}`);
  else if (s.maxLength !== undefined) out.push(`${text.at_most} ${s.maxLength} ${text.characters}`);
  else if (s.minLength) out.push(`${text.at_least} ${s.minLength} ${text.characters}`);
  if (meaningful(s.minimum)) out.push(`≥ ${s.minimum}`);
  if (meaningful(s.maximum)) out.push(`≤ ${s.maximum}`);
  if (s.format) out.push(`${text.format} ${s.format}`);
  if (s.default !== undefined) out.push(`${text.default} ${JSON.stringify(s.default)}`);
  const code = [s.pattern ? `${text.pattern} <code>${escape(s.pattern)}</code>` : ''].filter(Boolean);
  return [...out.map(escape), ...code];
}

/** The object schemas whose fields a schema shows: itself, its items, or each of its alternatives. */
function objectsOf(s: Schema): Schema[] {
  if (s.properties) return [s];
  if (s.items) return objectsOf(s.items);
  return (s.anyOf ?? s.oneOf ?? []).flatMap(objectsOf);
}

const MAX_DEPTH = 8;

function fieldsOf(s: Schema, text: ReferenceText, depth: number): string {
  if (depth > MAX_DEPTH) return '';
  const objects = objectsOf(s);
  if (objects.length === 0) return '';
  if (objects.length === 1) return fieldList(objects[0] as Schema, text, depth);
  return `<p class="note">${escape(text.one_of)}</p><ol class="alts">${objects.map((o) => `<li>${fieldList(o, text, depth)}</li>`).join('')}</ol>`;
}

function fieldList(s: Schema, text: ReferenceText, depth: number): string {
  const required = new Set(s.required ?? []);
  const items = Object.entries(s.properties ?? {}).map(([name, field]) => {
    const about = [field.description ? escape(field.description) : '', ...facts(field, text)].filter(Boolean).join('; ');
    return `<li><code class="f">${escape(name)}</code> <span class="t">${escape(typeLabel(field, text))}</span>${required.has(name) ? ` <span class="req">${escape(text.required)}</span>` : ''}${about ? `<div class="d">${about}</div>` : ''}${fieldsOf(field, text, depth + 1)}</li>`;
  });
  return `<ul class="fields">${items.join('')}</ul>`;
}

/** A schema as a list of its fields; an envelope's shared header is described once, in Errors. */
function schemaHtml(s: Schema | undefined, text: ReferenceText): string {
  if (!s) return '';
  const envelope = s.properties?.header && s.properties.body;
  const shown: Schema = envelope ? { type: 'object', properties: { body: s.properties?.body as Schema }, required: ['body'] } : s;
  const fields = fieldsOf(shown, text, 0);
  return fields || `<p><span class="t">${escape(typeLabel(shown, text))}</span></p>`;
}

const isRef = (r: Response | Ref): r is Ref => '$ref' in r;

function parametersHtml(parameters: Parameter[], text: ReferenceText) {
  const where = { path: text.in_path, query: text.in_query, header: text.in_header, cookie: text.in_cookie };
  const items = parameters.map((p) => {
    const about = [p.description ? escape(p.description) : '', ...(p.schema ? facts(p.schema, text) : [])].filter(Boolean).join('; ');
    return `<li><code class="f">${escape(p.name)}</code> <span class="t">${escape(p.schema ? typeLabel(p.schema, text) : text.any)}</span> <span class="in">${escape(where[p.in])}</span>${p.required ? ` <span class="req">${escape(text.required)}</span>` : ''}${about ? `<div class="d">${about}</div>` : ''}</li>`;
  });
  return `<details><summary>${escape(text.parameters)} (${parameters.length})</summary><ul class="fields">${items.join('')}</ul></details>`;
}

function operationHtml(method: string, path: string, op: Operation, text: ReferenceText) {
  const parts: string[] = [];
  parts.push(`<h3 id="${escape(op.operationId)}"><span class="m m-${method}">${method.toUpperCase()}</span> <code class="p">${escape(path)}</code></h3>`);
  if (op.summary) parts.push(`<p>${escape(op.summary)}</p>`);
  if (op.description) parts.push(`<p class="note">${escape(op.description)}</p>`);
  if (op.parameters?.length) parts.push(parametersHtml(op.parameters, text));
  const body = op.requestBody && Object.entries(op.requestBody.content)[0];
  if (body) parts.push(`<details><summary>${escape(text.request_body)} <span class="ct">${escape(body[0])}</span></summary>${schemaHtml(body[1].schema, text)}</details>`);
  const refusals: string[] = [];
  for (const [status, response] of Object.entries(op.responses)) {
    if (isRef(response)) {
      refusals.push(status === 'default' ? refName(response.$ref) : status);
      continue;
    }
    const [type, content] = Object.entries(response.content ?? {})[0] ?? [];
    const headers = Object.keys(response.headers ?? {});
    const schema = content?.schema ? schemaHtml(content.schema, text) : `<p>${escape(text.file)} <span class="ct">${escape(type ?? '')}</span></p>`;
    parts.push(
      `<details><summary>${escape(text.answer)} ${escape(status)}: ${escape(response.description)}</summary>${schema}${
        headers.length ? `<p class="note">${escape(text.answer_headers)} ${headers.map((h) => `<a href="#header-${escape(h)}">${escape(h)}</a>`).join(', ')}</p>` : ''
      }</details>`,
    );
  }
  if (refusals.length) {
    const links = refusals.map((status) => `<a href="#status-${escape(status)}">${escape(status === 'Error' ? '500' : status)}</a>`);
    parts.push(`<p class="note">${escape(text.refusals)} ${links.join(' ')}</p>`);
  }
  return `<div class="op">${parts.join('')}</div>`;
}

/** The operations of each tag, in the document's tag order (an untagged call goes last). */
function groups(doc: OpenApi) {
  const byTag = new Map<string, { description?: string; ops: [string, string, Operation][] }>((doc.tags ?? []).map((t) => [t.name, { description: t.description, ops: [] }]));
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? '';
      if (!byTag.has(tag)) byTag.set(tag, { ops: [] });
      byTag.get(tag)?.ops.push([method, path, op]);
    }
  }
  return [...byTag].filter(([, g]) => g.ops.length > 0);
}

const slug = (name: string) => `tag-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

const STYLE = `
*{box-sizing:border-box}
html{color-scheme:light dark;-webkit-text-size-adjust:100%}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1b;background:#fff}
a{color:#0a5fa3}
code{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
.skip{position:absolute;left:-9999px}.skip:focus{left:8px;top:8px;background:#fff;padding:8px;z-index:1}
header{padding:16px;border-bottom:1px solid #ddd}
h1{font-size:1.6rem;margin:0 0 8px}h2{font-size:1.3rem;margin:32px 0 4px;padding-top:8px;border-top:2px solid #ddd}
h3{font-size:1rem;margin:0 0 4px;overflow-wrap:anywhere}
.layout{display:grid;grid-template-columns:minmax(0,1fr)}
main>section{content-visibility:auto;contain-intrinsic-size:auto 3000px}
nav{padding:8px 16px;border-bottom:1px solid #ddd}
nav ul{list-style:none;margin:0;padding:0}nav li{margin:2px 0}
nav .ops{padding-left:12px;font-size:13px}
main{min-width:0;padding:0 16px 48px;max-width:980px}
.op{padding:12px 0;border-bottom:1px solid #e3e3e3}
.op p{margin:4px 0}
.note{color:#555;font-size:14px}
.m{display:inline-block;min-width:56px;padding:0 6px;border-radius:4px;color:#fff;font:600 12px/20px ui-monospace,Menlo,Consolas,monospace;text-align:center;vertical-align:1px}
.m-get{background:#0b6e47}.m-post{background:#0a5fa3}.m-delete{background:#b3140f}.m-put,.m-patch{background:#7a5c00}
.p{font-size:14px}
details{margin:6px 0;border:1px solid #ddd;border-radius:6px;padding:4px 10px}
summary{cursor:pointer;font-weight:600;font-size:14px;overflow-wrap:anywhere}
.fields{margin:6px 0;padding-left:16px}.fields li{margin:4px 0}
.alts{padding-left:20px}
.f{font-weight:600}.t{color:#5c3d99;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;overflow-wrap:anywhere}
.req{color:#a12a00;font-size:12px;font-weight:600}.in{color:#555;font-size:12px}
.d{color:#333;font-size:14px;overflow-wrap:anywhere}.ct{font-weight:400;color:#555}
table{border-collapse:collapse;width:100%;font-size:14px;table-layout:fixed}
th,td{text-align:left;border-bottom:1px solid #e3e3e3;padding:4px 6px;vertical-align:top;overflow-wrap:anywhere}
th:nth-child(2),td:nth-child(2){width:52px}
dl{margin:8px 0}dt{font-weight:600;margin-top:8px}dd{margin:0 0 0 16px;overflow-wrap:anywhere}
@media (max-width:959px){nav .ops{display:none}nav>ul{display:flex;flex-wrap:wrap;gap:4px 16px}}
@media (min-width:960px){.layout{grid-template-columns:300px minmax(0,1fr)}nav{position:sticky;top:0;height:100vh;overflow:auto;border-bottom:0;border-right:1px solid #ddd}}
@media (prefers-color-scheme:dark){
body{color:#e8e8e8;background:#121212}a{color:#8ab4f8}.skip:focus{background:#121212}
header,nav,h2,details,.op,th,td{border-color:#3a3a3a}
.note,.in,.ct{color:#b4b4b4}.d{color:#d0d0d0}.t{color:#c9b3ff}.req{color:#ffab91}
}
`;

/** The reference page: one HTML document, no script. */
export function renderReference({ doc, text, catalogue, documentUrl }: ReferenceInput): string {
  const tagged = groups(doc);
  const nav = tagged
    .map(
      ([name, g]) =>
        `<li><a href="#${slug(name)}">${escape(name)}</a><ul class="ops">${g.ops
          .map(([method, path, op]) => `<li><a href="#${escape(op.operationId)}">${method.toUpperCase()} ${escape(path)}</a></li>`)
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = tagged
    .map(
      ([name, g]) =>
        `<section aria-labelledby="${slug(name)}"><h2 id="${slug(name)}">${escape(name)}</h2>${g.description ? `<p>${escape(g.description)}</p>` : ''}${g.ops
          .map(([method, path, op]) => operationHtml(method, path, op, text))
          .join('')}</section>`,
    )
    .join('');
  const { securitySchemes, headers, responses } = doc.components;
  const auth = Object.entries(securitySchemes)
    .map(([name, s]) => {
      const how = s.type === 'http' ? text.bearer : `${s.name} (${s.in === 'cookie' ? text.in_cookie : text.in_header})`;
      return `<dt id="auth-${escape(name)}"><code>${escape(name)}</code>: ${escape(how)}</dt><dd>${escape(s.description ?? '')}</dd>`;
    })
    .join('');
  // Each header under the name an answer carries it by (Request-Id), found through the answers' references.
  const headerNames = new Map<string, string>();
  for (const methods of Object.values(doc.paths))
    for (const op of Object.values(methods))
      for (const response of Object.values(op.responses))
        for (const [name, ref] of Object.entries((isRef(response) ? doc.components.responses[refName(response.$ref)] : response)?.headers ?? {})) headerNames.set(refName(ref.$ref), name);
  const headerList = Object.entries(headers)
    .map(([component, h]) => [headerNames.get(component) ?? component, h] as const)
    .map(([name, h]) => `<dt id="header-${escape(name)}"><code>${escape(name)}</code></dt><dd>${escape(h.description ?? '')}</dd>`)
    .join('');
  const statuses = Object.entries(responses)
    .map(([name, r]) => {
      const status = name === 'Error' ? 'Error' : name.replace(/^Status/, '');
      return `<dt id="status-${escape(status)}">${escape(status === 'Error' ? '500' : status)}</dt><dd>${escape(r.description)}</dd>`;
    })
    .join('');
  const codes = catalogue
    .map((e) => `<tr><td><code>${escape(e.code)}</code></td><td>${e.http}</td><td>${escape(e.message)}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(text.title)}</title><meta name="description" content="${escape(doc.info.description ?? '')}"><style>${STYLE}</style></head>
<body><a class="skip" href="#main">${escape(text.skip)}</a>
<header><h1>${escape(text.title)}</h1><p>${escape(doc.info.description ?? '')}</p><p>${escape(text.sdk)}</p><p><a href="${escape(documentUrl)}">${escape(text.download)}</a>. ${escape(text.download_help)}</p></header>
<div class="layout"><nav aria-label="${escape(text.contents)}"><ul>${nav}<li><a href="#conventions">${escape(text.conventions)}</a></li><li><a href="#errors">${escape(text.errors_title)}</a></li></ul></nav>
<main id="main">${sections}
<section aria-labelledby="conventions"><h2 id="conventions">${escape(text.conventions)}</h2>
<h3>${escape(text.auth_title)}</h3><dl>${auth}</dl><h3>${escape(text.headers_title)}</h3><dl>${headerList}</dl></section>
<section aria-labelledby="errors"><h2 id="errors">${escape(text.errors_title)}</h2><p>${escape(text.errors_intro)}</p>
<h3>${escape(text.statuses_title)}</h3><dl>${statuses}</dl>
<h3>${escape(text.codes_title)}</h3><table><thead><tr><th scope="col">${escape(text.code)}</th><th scope="col">${escape(text.http)}</th><th scope="col">${escape(text.message)}</th></tr></thead><tbody>${codes}</tbody></table></section>
</main></div></body></html>
`;
}
