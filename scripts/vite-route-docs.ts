import { type Plugin, parseAst } from 'vite';

/**
 * The API's route table (contract/endpoints/*.ts, decision 0032) declares each call once, its
 * reference text included: summary and description are read by the server's OpenAPI reference,
 * never by the app, and would add ~22 kB (gzip) over the app's chunks (measured when the table
 * landed). The client build drops those properties from the table's modules; the server reads
 * the files as written.
 */
const TABLE = /\/contract\/endpoints\/[^/]+\.ts$/;
// `errors` stays: `route()` checks an id parameter's 404 against it when the table loads.
const DOCS = new Set(['summary', 'description']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The module's code without the reference-only properties of its object literals. */
export function stripRouteDocs(code: string): string {
  const cuts: { start: number; end: number }[] = [];
  const visit = (node: Node) => {
    if (node.type === 'Property') {
      const key = node.key as Node & { name?: string };
      if (key.type === 'Identifier' && key.name && DOCS.has(key.name)) {
        let end = node.end;
        while (end < code.length && /\s/.test(code[end] ?? '')) end += 1;
        if (code[end] === ',') end += 1;
        cuts.push({ start: node.start, end });
        return;
      }
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) if (isNode(item)) visit(item);
      if (isNode(value)) visit(value);
    }
  };
  visit(parseAst(code) as unknown as Node);
  let out = code;
  for (const cut of cuts.sort((a, b) => b.start - a.start))
    out = out.slice(0, cut.start) + out.slice(cut.end);
  return out;
}

export function routeDocsOutOfTheApp(): Plugin {
  return {
    name: 'matchwerk-route-docs',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!TABLE.test(id.split('?')[0] ?? '')) return null;
      return { code: stripRouteDocs(code), map: null };
    },
  };
}
