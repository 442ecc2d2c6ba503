import { decode, encode } from '@jridgewell/sourcemap-codec';
import { parseAst, type Plugin } from 'vite';
import { replaceRanges, staticString, walk, type Edit, type EstreeNode } from './code-edits.ts';

/**
 * The core chunk (vite.config.ts's `core` group: the libraries and the app's shared code) hands about
 * 220 bindings to the other chunks. Rolldown exports each under a short name of its own choosing
 * beside the minifier's name for it (`export{md as $,j as $n,…}`), and each chunk imports those names
 * (`import{$ as e}from"./core-….js"`): two unrelated names a binding, which gzip cannot shrink: 523 B
 * of the feed's first load (issue 37).
 *
 * After minification, this exports each binding under its own minified name (`export{md,j,…}`) and
 * puts those names in every chunk's imports from core (`import{md as e}`). Only import and export
 * clauses change; a chunk that reaches core another way (a namespace import, a re-export, a dynamic
 * import) fails the build, since its names would not follow. Source maps are shifted to match.
 */
export function coreExportsPlugin(coreName = 'core'): Plugin {
  return {
    name: 'social:core-exports',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const core = chunks.find((chunk) => chunk.name === coreName);
        if (!core) return;
        const { names, edit } = exportsByOwnName(core.code, core.fileName);
        applyEdits(core, [edit], bundle);
        const coreSpecifier = `./${core.fileName.split('/').at(-1)}`;
        for (const chunk of chunks) {
          if (chunk === core || !chunk.code.includes(coreSpecifier)) continue;
          applyEdits(chunk, importsByOwnName(chunk.code, chunk.fileName, coreSpecifier, names), bundle);
        }
      },
    },
  };
}

interface Specifier {
  local: { name?: string; value?: string };
  exported?: { name?: string; value?: string };
  imported?: { name?: string; value?: string };
  type: string;
}
interface Statement {
  type: string;
  start: number;
  end: number;
  source?: { value: string } | null;
  declaration?: unknown;
  specifiers?: Specifier[];
}

const nameOf = (node: { name?: string; value?: string } | undefined) => node?.name ?? node?.value ?? '';

/**
 * The chunk's export clause with each binding under its own name (a second name of one binding
 * keeps `as`), and the map from each old exported name to the new one.
 */
export function exportsByOwnName(code: string, file: string): { names: Map<string, string>; edit: Edit } {
  const body = parseAst(code, { lang: 'js' }).body as unknown as Statement[];
  const clauses = body.filter((node) => node.type === 'ExportNamedDeclaration' && !node.source && !node.declaration);
  if (clauses.length !== 1 || body.some((node) => node.type === 'ExportDefaultDeclaration' || node.type === 'ExportAllDeclaration' || (node.type === 'ExportNamedDeclaration' && (node.source || node.declaration))))
    throw new Error(`core-exports: ${file} does not end in one export clause, as rolldown writes it`);
  const clause = clauses[0]!;
  const names = new Map<string, string>();
  const given = new Set<string>();
  const parts: string[] = [];
  for (const specifier of clause.specifiers ?? []) {
    const local = nameOf(specifier.local);
    const exported = nameOf(specifier.exported);
    const name = !given.has(local) ? local : !given.has(exported) ? exported : null;
    if (name === null) throw new Error(`core-exports: ${file} exports ${local} a second time as "${exported}", a name already given`);
    given.add(name);
    names.set(exported, name);
    parts.push(name === local ? local : `${local} as ${name}`);
  }
  return { names, edit: { start: clause.start, end: clause.end, text: `export{${parts.join(',')}};` } };
}

/**
 * A chunk's imports from core with the new names: its import declarations, and the one form of
 * `import()` rolldown writes for a module inside core, `import(core).then(e=>e.name)`. Anything else
 * that reaches core fails.
 */
export function importsByOwnName(code: string, file: string, coreSpecifier: string, names: ReadonlyMap<string, string>): Edit[] {
  const edits: Edit[] = [];
  const fromCore = (source: unknown) => staticString(source) === coreSpecifier;
  const renamed = (imported: string) => {
    const name = names.get(imported);
    if (!name) throw new Error(`core-exports: ${file} imports "${imported}", which ${coreSpecifier} does not export`);
    return name;
  };
  const handled = new Set<unknown>();
  walk(parseAst(code, { lang: 'js' }).body, (node) => {
    const statement = node as EstreeNode & Statement;
    if (statement.type === 'ImportExpression' && fromCore(statement.source) && !handled.has(node))
      throw new Error(`core-exports: ${file} imports ${coreSpecifier} on demand other than as import(…).then(e=>e.name)`);
    if ((statement.type === 'ExportAllDeclaration' || statement.type === 'ExportNamedDeclaration') && fromCore(statement.source))
      throw new Error(`core-exports: ${file} re-exports ${coreSpecifier}`);
    if (statement.type === 'CallExpression') {
      // import(core).then(e=>e.name): the name is one of core's exports. Seen before the import()
      // inside it (a walk visits a node before its children), which it marks as handled.
      const callee = statement.callee as EstreeNode | undefined;
      const [callback] = statement.arguments as EstreeNode[];
      const object = callee?.object as EstreeNode | undefined;
      if (callee?.type === 'MemberExpression' && object?.type === 'ImportExpression' && fromCore(object.source)) {
        const param = (callback?.params as EstreeNode[] | undefined)?.[0];
        const body = callback?.body as EstreeNode | undefined;
        const property = body?.property as EstreeNode | undefined;
        if (
          (callee.property as EstreeNode).name === 'then' &&
          callback?.type === 'ArrowFunctionExpression' &&
          (callback.params as EstreeNode[]).length === 1 &&
          param?.type === 'Identifier' &&
          body?.type === 'MemberExpression' &&
          !body.computed &&
          (body.object as EstreeNode).type === 'Identifier' &&
          (body.object as EstreeNode).name === param.name &&
          property?.type === 'Identifier'
        ) {
          edits.push({ start: property.start, end: property.end, text: renamed(property.name as string) });
          handled.add(object);
        }
      }
    }
    if (statement.type === 'ImportDeclaration' && fromCore(statement.source)) {
      const parts = (statement.specifiers ?? []).map((specifier) => {
        if (specifier.type !== 'ImportSpecifier') throw new Error(`core-exports: ${file} imports ${coreSpecifier} other than by name`);
        const name = renamed(nameOf(specifier.imported));
        const local = nameOf(specifier.local);
        return name === local ? name : `${name} as ${local}`;
      });
      edits.push({ start: statement.start, end: statement.end, text: `import{${parts.join(',')}}from"${coreSpecifier}";` });
    }
  });
  return edits;
}

interface ChunkLike {
  fileName: string;
  code: string;
  map?: { mappings: string } | null;
}

/** Applies `edits` (on one line each) to the chunk's code, and shifts its source map to match. */
function applyEdits(chunk: ChunkLike, edits: readonly Edit[], bundle: Record<string, { type: string; source?: unknown }>): void {
  if (!edits.length) return;
  const original = chunk.code;
  if (edits.some((edit) => original.slice(edit.start, edit.end).includes('\n'))) throw new Error(`core-exports: a clause of ${chunk.fileName} spans lines`);
  chunk.code = replaceRanges(original, edits);
  const asset = bundle[`${chunk.fileName}.map`];
  if (!chunk.map && !asset) return;
  const shift = (mappings: string) => shiftMappings(mappings, edits.map((edit) => ({ ...positionOf(original, edit.start), length: edit.end - edit.start, text: edit.text })));
  if (chunk.map) chunk.map.mappings = shift(chunk.map.mappings);
  if (asset && typeof asset.source === 'string') {
    const map = JSON.parse(asset.source) as { mappings: string };
    map.mappings = shift(map.mappings);
    asset.source = JSON.stringify(map);
  }
}

function positionOf(code: string, offset: number): { line: number; column: number } {
  const before = code.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) };
}

/**
 * Source map mappings after replacing, on a line, `length` characters at `column` by `text`:
 * generated columns after a replacement move by the difference; those inside it go to its start.
 */
export function shiftMappings(mappings: string, edits: ReadonlyArray<{ line: number; column: number; length: number; text: string }>): string {
  if (!edits.length) return mappings;
  const lines = decode(mappings);
  for (const line of new Set(edits.map((edit) => edit.line))) {
    const onLine = edits.filter((edit) => edit.line === line);
    for (const segment of lines[line] ?? []) {
      const column = segment[0];
      let moved = column;
      for (const edit of onLine) {
        if (column >= edit.column + edit.length) moved += edit.text.length - edit.length;
        else if (column > edit.column) moved -= column - edit.column;
      }
      segment[0] = moved;
    }
  }
  return encode(lines);
}
