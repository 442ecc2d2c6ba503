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
 *
 * And rolldown's runtime (its CommonJS and namespace helpers, ~730 characters) goes into core. Rolldown
 * keeps it in a chunk of its own (no chunk group can take it) that core and a few lazy chunks import,
 * so every first load fetched it as a file of its own: a request, and ~190 B gzip more than inside core
 * (issue 37). Core imports nothing else and loads before every chunk, so its copy is the one all use:
 * core runs the runtime's code where it imported it, exports its helpers, and the chunks import them
 * from core; the runtime's file leaves the preload lists, index.html's boot list and the manifest.
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
        const coreSpecifier = specifierOf(core.fileName);
        const runtime = chunks.find((chunk) => chunk.name === RUNTIME_CHUNK);
        const runtimeSpecifier = runtime && specifierOf(runtime.fileName);
        if (runtime && (runtime.imports.length || runtime.dynamicImports.length || core.imports.some((file) => file !== runtime.fileName)))
          throw new Error(`core-exports: ${core.fileName} imports more than rolldown's runtime, or the runtime imports something: it cannot go into core`);
        const inlined = runtime ? inlineRuntime(core.code, core.fileName, runtime.code, runtimeSpecifier!) : null;
        const { names, edit } = exportsByOwnName(core.code, core.fileName, inlined ? [...inlined.locals.values()] : []);
        applyEdits(core, inlined ? [inlined.edit, edit] : [edit], bundle);
        // Each runtime export is exported by core under its local name there (not through `names`,
        // which maps core's own old export names: one of those may be the same string).
        const runtimeNames = inlined?.locals ?? new Map<string, string>();
        for (const chunk of chunks) {
          if (chunk === runtime) continue;
          const edits = [
            ...(chunk !== core && chunk.code.includes(coreSpecifier) ? importsByOwnName(chunk.code, chunk.fileName, coreSpecifier, names) : []),
            ...(runtime && chunk !== core && chunk.code.includes(runtimeSpecifier!) ? importsByOwnName(chunk.code, chunk.fileName, runtimeSpecifier!, runtimeNames, coreSpecifier) : []),
            ...(runtime ? withoutPreload(chunk.code, runtimeSpecifier!) : []),
          ];
          applyEdits(chunk, edits, bundle);
          if (!runtime) continue;
          if (chunk.code.includes(runtimeSpecifier!)) throw new Error(`core-exports: ${chunk.fileName} still names ${runtime.fileName} after the runtime went into core`);
          chunk.imports = [...new Set(chunk.imports.map((file) => (file === runtime.fileName ? core.fileName : file)))].filter((file) => chunk !== core || file !== core.fileName);
        }
        if (runtime) forgetChunk(bundle, runtime.fileName);
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
 * keeps `as`), and the map from each old exported name to the new one. `alsoExport`: bindings the
 * clause did not export (core's copy of the runtime's helpers), exported under their own names too.
 */
export function exportsByOwnName(code: string, file: string, alsoExport: readonly string[] = []): { names: Map<string, string>; edit: Edit } {
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
  // Bindings to export as well (the runtime's helpers): under their own names, unless already exported
  // so. Not in `names`, whose keys are the clause's old export names: one of those may be such a name.
  for (const local of alsoExport) {
    if (parts.includes(local)) continue;
    if (given.has(local)) throw new Error(`core-exports: ${file} already exports the name ${local}`);
    given.add(local);
    parts.push(local);
  }
  return { names, edit: { start: clause.start, end: clause.end, text: `export{${parts.join(',')}};` } };
}

/**
 * A chunk's imports from core with the new names: its import declarations, and the one form of
 * `import()` rolldown writes for a module inside core, `import(core).then(e=>e.name)`. Anything else
 * that reaches core fails.
 */
export function importsByOwnName(code: string, file: string, coreSpecifier: string, names: ReadonlyMap<string, string>, target = coreSpecifier): Edit[] {
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
          target === coreSpecifier &&
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
      edits.push({ start: statement.start, end: statement.end, text: `import{${parts.join(',')}}from"${target}";` });
    }
  });
  return edits;
}

/** The chunk rolldown keeps its runtime in (preview builds name its file after it). */
const RUNTIME_CHUNK = 'rolldown-runtime';

/** How a chunk beside it in assets/ names the file. */
const specifierOf = (fileName: string) => `./${fileName.split('/').at(-1)}`;

/** A name that occurs nowhere in `code` (so it can shadow nothing and be shadowed by nothing). */
function unusedName(code: string, taken: ReadonlySet<string>): string {
  for (let n = 0; ; n += 1) {
    const name = `$${n.toString(36)}`;
    if (!taken.has(name) && !new RegExp(`(?<![\\w$])\\${name}(?![\\w$])`).test(code)) return name;
  }
}

/**
 * Core with rolldown's runtime inside: its import declaration of the runtime becomes the runtime's
 * code, run in a function of its own (its names stay its own) at the same place, before anything of
 * core's runs. Returns that edit and each runtime export's binding in core (`locals`): the local core
 * imported it as, or a new name for one core did not import.
 */
export function inlineRuntime(code: string, file: string, runtimeCode: string, runtimeSpecifier: string): { edit: Edit; locals: Map<string, string> } {
  const body = parseAst(runtimeCode, { lang: 'js' }).body as unknown as Statement[];
  const clause = body.at(-1);
  if (!clause || clause.type !== 'ExportNamedDeclaration' || clause.source || clause.declaration || body.slice(0, -1).some((node) => /^(Import|Export)/.test(node.type)))
    throw new Error(`core-exports: rolldown's runtime (${runtimeSpecifier}) is not its code and one export clause`);
  const inner = new Map((clause.specifiers ?? []).map((specifier) => [nameOf(specifier.exported), nameOf(specifier.local)]));
  const imports = (parseAst(code, { lang: 'js' }).body as unknown as Statement[]).filter(
    (node) => node.type === 'ImportDeclaration' && staticString(node.source) === runtimeSpecifier,
  );
  if (imports.length !== 1) throw new Error(`core-exports: ${file} does not import ${runtimeSpecifier} once`);
  const [declaration] = imports as [Statement];
  const locals = new Map<string, string>();
  for (const specifier of declaration.specifiers ?? []) {
    if (specifier.type !== 'ImportSpecifier') throw new Error(`core-exports: ${file} imports ${runtimeSpecifier} other than by name`);
    const exported = nameOf(specifier.imported);
    if (!inner.has(exported)) throw new Error(`core-exports: ${file} imports "${exported}", which ${runtimeSpecifier} does not export`);
    locals.set(exported, nameOf(specifier.local));
  }
  const taken = new Set(locals.values());
  for (const exported of inner.keys()) {
    if (locals.has(exported)) continue;
    const name = unusedName(code, taken);
    taken.add(name);
    locals.set(exported, name);
  }
  const exported = [...inner.keys()];
  const text =
    `const[${exported.map((name) => locals.get(name)).join(',')}]=(()=>{${runtimeCode.slice(0, clause.start).trim()}` +
    `return[${exported.map((name) => inner.get(name)).join(',')}]})();`;
  return { edit: { start: declaration.start, end: declaration.end, text }, locals };
}

/**
 * Vite's preload lists (`__vite__mapDeps`: one list of files, each `import()` naming its deps by
 * index) without `file`, which is no longer written.
 */
export function withoutPreload(code: string, file: string): Edit[] {
  if (!code.includes('__vite__mapDeps')) return [];
  let files: EstreeNode | undefined;
  const calls: EstreeNode[] = [];
  walk(parseAst(code, { lang: 'js' }).body, (node) => {
    if (node.type === 'VariableDeclarator' && (node.id as EstreeNode).name === '__vite__mapDeps')
      walk(node.init, (inner) => {
        if (!files && inner.type === 'ArrayExpression') files = inner;
      });
    const callee = node.callee as EstreeNode | undefined;
    if (node.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === '__vite__mapDeps') calls.push(node);
  });
  const names = ((files?.elements as EstreeNode[] | undefined) ?? []).map(staticString);
  const index = names.indexOf(file);
  if (!files || index < 0) return [];
  if (names.some((name) => name === undefined)) throw new Error(`core-exports: a preload list of ${file}'s importer is not a list of files`);
  const quote = (name: string) => JSON.stringify(name);
  const edits: Edit[] = [{ start: files.start, end: files.end, text: `[${names.filter((_, i) => i !== index).map((name) => quote(name!)).join(',')}]` }];
  for (const call of calls) {
    const [list] = call.arguments as EstreeNode[];
    const indexes = (list?.elements as EstreeNode[] | undefined)?.map((element) => element.value);
    if (list?.type !== 'ArrayExpression' || !indexes?.every((value) => typeof value === 'number')) throw new Error(`core-exports: a __vite__mapDeps call other than with a list of numbers`);
    const kept = (indexes as number[]).filter((i) => i !== index).map((i) => (i > index ? i - 1 : i));
    edits.push({ start: list.start, end: list.end, text: `[${kept.join(',')}]` });
  }
  return edits;
}

/**
 * Removes a chunk that is no longer written: from the bundle, Vite's manifest (its entry and every
 * `imports`) and index.html's boot list (build/prerender-plugin.ts).
 */
function forgetChunk(bundle: Record<string, { type: string; source?: unknown; fileName?: string }>, fileName: string): void {
  delete bundle[fileName];
  delete bundle[`${fileName}.map`];
  const manifest = bundle['.vite/manifest.json'];
  if (manifest && typeof manifest.source === 'string') {
    const entries = JSON.parse(manifest.source) as Record<string, { file: string; imports?: string[] }>;
    const key = Object.keys(entries).find((k) => entries[k]!.file === fileName);
    if (key) {
      delete entries[key];
      for (const entry of Object.values(entries)) if (entry.imports) entry.imports = entry.imports.filter((k) => k !== key);
      manifest.source = JSON.stringify(entries, null, 2);
    }
  }
  for (const asset of Object.values(bundle)) {
    if (asset.type !== 'asset' || !asset.fileName?.endsWith('.html') || typeof asset.source !== 'string') continue;
    const html = asset.source.replace(/(<script type="application\/json" id="boot-assets">)(.*?)(<\/script>)/s, (_, open: string, json: string, close: string) => {
      const assets = JSON.parse(json) as { modules: string[] };
      assets.modules = assets.modules.filter((href) => href !== `./${fileName}`);
      // As build/prerender-plugin.ts writes it: no "<" that could close the script.
      return open + JSON.stringify(assets).replace(/</g, '\\u003c') + close;
    });
    if (html.includes(fileName)) throw new Error(`core-exports: ${asset.fileName} still names ${fileName}`);
    asset.source = html;
  }
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
  // The source map is shifted within a line: neither what is replaced nor what replaces it may span lines.
  if (edits.some((edit) => original.slice(edit.start, edit.end).includes('\n') || edit.text.includes('\n')))
    throw new Error(`core-exports: a clause of ${chunk.fileName}, or what replaces it, spans lines`);
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
