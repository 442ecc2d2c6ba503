/**
 * Compares two heap snapshots of the same page (the soak's --soak-heap-snapshots, or DevTools'
 * Memory panel): what grew between them, by constructor (count, self size, retained size), and
 * what holds the objects that are new in the second (ids are stable across one page's snapshots):
 * the shortest path from the GC roots to each, grouped. No dependencies; reads the
 * .heapsnapshot JSON as V8 writes it (snapshot.meta's node and edge fields).
 *
 *   npm --prefix bench exec -- tsx src/heap-diff.ts before.heapsnapshot after.heapsnapshot [--top N] [--paths N] [--depth N] [--only CLASS]
 */
import { readFileSync } from 'node:fs';

interface RawSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]]; edge_fields: string[]; edge_types: [string[], ...unknown[]] }; node_count: number };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export interface Heap {
  count: number;
  type: Uint8Array;
  name: Uint32Array;
  id: Uint32Array;
  selfSize: Float64Array;
  firstEdge: Uint32Array;
  edgeType: Uint8Array;
  edgeName: Uint32Array;
  edgeTo: Uint32Array;
  nodeTypes: string[];
  edgeTypes: string[];
  strings: string[];
}

export function parseHeap(text: string): Heap {
  const raw = JSON.parse(text) as RawSnapshot;
  const { node_fields: nf, node_types: nt, edge_fields: ef, edge_types: et } = raw.snapshot.meta;
  const nodeTypes = nt[0];
  const edgeTypes = et[0];
  const nw = nf.length;
  const ew = ef.length;
  const count = raw.nodes.length / nw;
  const edgeCount = raw.edges.length / ew;
  const [fType, fName, fId, fSize, fEdges] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) => nf.indexOf(f)) as [number, number, number, number, number];
  const [eType, eName, eTo] = ['type', 'name_or_index', 'to_node'].map((f) => ef.indexOf(f)) as [number, number, number];
  const heap: Heap = {
    count,
    type: new Uint8Array(count),
    name: new Uint32Array(count),
    id: new Uint32Array(count),
    selfSize: new Float64Array(count),
    firstEdge: new Uint32Array(count + 1),
    edgeType: new Uint8Array(edgeCount),
    edgeName: new Uint32Array(edgeCount),
    edgeTo: new Uint32Array(edgeCount),
    nodeTypes,
    edgeTypes,
    strings: raw.strings,
  };
  let edge = 0;
  for (let i = 0; i < count; i += 1) {
    const o = i * nw;
    heap.type[i] = raw.nodes[o + fType]!;
    heap.name[i] = raw.nodes[o + fName]!;
    heap.id[i] = raw.nodes[o + fId]!;
    heap.selfSize[i] = raw.nodes[o + fSize]!;
    heap.firstEdge[i] = edge;
    edge += raw.nodes[o + fEdges]!;
  }
  heap.firstEdge[count] = edge;
  for (let e = 0; e < edgeCount; e += 1) {
    const o = e * ew;
    heap.edgeType[e] = raw.edges[o + eType]!;
    heap.edgeName[e] = raw.edges[o + eName]!;
    heap.edgeTo[e] = raw.edges[o + eTo]! / nw;
  }
  return heap;
}

/** The class DevTools' Summary groups a node under. */
export function className(h: Heap, i: number): string {
  const type = h.nodeTypes[h.type[i]!];
  const name = h.strings[h.name[i]!] ?? '';
  switch (type) {
    case 'object':
    case 'native':
    case 'synthetic':
      return name;
    case 'closure':
      return '(closure)';
    case 'string':
    case 'concatenated string':
    case 'sliced string':
      return '(string)';
    default:
      return `(${type})`;
  }
}

function edgeLabel(h: Heap, e: number): string {
  const type = h.edgeTypes[h.edgeType[e]!];
  if (type === 'element' || type === 'hidden') return '[]';
  return h.strings[h.edgeName[e]!] ?? '?';
}

const isWeak = (h: Heap, e: number) => h.edgeTypes[h.edgeType[e]!] === 'weak';
/** Edges DevTools does not follow for retaining paths ("shortcut" only duplicates others). */
const skipForPaths = (h: Heap, e: number) => isWeak(h, e) || h.edgeTypes[h.edgeType[e]!] === 'shortcut';

/** For each node, the edge that reaches it first in a breadth-first walk from the root (-1: none). */
export function shortestPaths(h: Heap): { parentEdge: Int32Array; parentNode: Int32Array } {
  const parentEdge = new Int32Array(h.count).fill(-1);
  const parentNode = new Int32Array(h.count).fill(-1);
  const queue = new Uint32Array(h.count);
  const reached = new Uint8Array(h.count);
  let head = 0;
  let tail = 0;
  queue[tail++] = 0;
  reached[0] = 1;
  while (head < tail) {
    const n = queue[head++]!;
    for (let e = h.firstEdge[n]!; e < h.firstEdge[n + 1]!; e += 1) {
      if (skipForPaths(h, e)) continue;
      const to = h.edgeTo[e]!;
      if (reached[to]) continue;
      reached[to] = 1;
      parentEdge[to] = e;
      parentNode[to] = n;
      queue[tail++] = to;
    }
  }
  return { parentEdge, parentNode };
}

/** Retained sizes: each node's dominator subtree (Cooper, Harvey and Kennedy's iteration), weak edges left out. */
export function retainedSizes(h: Heap): Float64Array {
  const n = h.count;
  // Reverse postorder by an iterative DFS from the root.
  const order = new Int32Array(n).fill(-1);
  const post: number[] = [];
  const stack: number[] = [0];
  const edgeAt = new Uint32Array(n);
  const visited = new Uint8Array(n);
  visited[0] = 1;
  edgeAt[0] = h.firstEdge[0]!;
  while (stack.length) {
    const v = stack[stack.length - 1]!;
    let pushed = false;
    while (edgeAt[v]! < h.firstEdge[v + 1]!) {
      const e = edgeAt[v]!;
      edgeAt[v] = e + 1;
      if (isWeak(h, e)) continue;
      const to = h.edgeTo[e]!;
      if (visited[to]) continue;
      visited[to] = 1;
      edgeAt[to] = h.firstEdge[to]!;
      stack.push(to);
      pushed = true;
      break;
    }
    if (!pushed) {
      stack.pop();
      post.push(v);
    }
  }
  const rpo = post.reverse();
  rpo.forEach((v, i) => (order[v] = i));
  // Predecessors.
  const predCount = new Uint32Array(n + 1);
  for (let v = 0; v < n; v += 1) {
    if (order[v] === -1) continue;
    for (let e = h.firstEdge[v]!; e < h.firstEdge[v + 1]!; e += 1) if (!isWeak(h, e)) predCount[h.edgeTo[e]! + 1]! += 1;
  }
  for (let i = 1; i <= n; i += 1) predCount[i]! += predCount[i - 1]!;
  const preds = new Uint32Array(predCount[n]!);
  const fill = predCount.slice(0, n);
  for (let v = 0; v < n; v += 1) {
    if (order[v] === -1) continue;
    for (let e = h.firstEdge[v]!; e < h.firstEdge[v + 1]!; e += 1) if (!isWeak(h, e)) preds[fill[h.edgeTo[e]!]!++] = v;
  }
  const idom = new Int32Array(n).fill(-1);
  idom[0] = 0;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (order[a]! > order[b]!) a = idom[a]!;
      while (order[b]! > order[a]!) b = idom[b]!;
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 1; i < rpo.length; i += 1) {
      const v = rpo[i]!;
      let next = -1;
      for (let p = predCount[v]!; p < predCount[v + 1]!; p += 1) {
        const u = preds[p]!;
        if (idom[u] === -1) continue;
        next = next === -1 ? u : intersect(u, next);
      }
      if (next !== -1 && idom[v] !== next) {
        idom[v] = next;
        changed = true;
      }
    }
  }
  const retained = Float64Array.from(h.selfSize);
  for (let i = rpo.length - 1; i > 0; i -= 1) {
    const v = rpo[i]!;
    retained[idom[v]!]! += retained[v]!;
  }
  return retained;
}

interface ClassTotals {
  count: number;
  self: number;
  retained: number;
}

function totals(h: Heap, retained: Float64Array, reached: (i: number) => boolean): Map<string, ClassTotals> {
  const byClass = new Map<string, ClassTotals>();
  for (let i = 0; i < h.count; i += 1) {
    if (!reached(i)) continue;
    const c = className(h, i);
    const t = byClass.get(c) ?? { count: 0, self: 0, retained: 0 };
    t.count += 1;
    t.self += h.selfSize[i]!;
    t.retained += retained[i]!;
    byClass.set(c, t);
  }
  return byClass;
}

/** The path from the root to `i`, as "Class.edge" steps, the root's synthetic steps left out. */
export function pathTo(h: Heap, parents: { parentEdge: Int32Array; parentNode: Int32Array }, i: number, depth = 12): string[] {
  const steps: string[] = [];
  for (let v = i; parents.parentEdge[v]! !== -1 && steps.length < depth; v = parents.parentNode[v]!) {
    const from = parents.parentNode[v]!;
    steps.push(`${className(h, from)}.${edgeLabel(h, parents.parentEdge[v]!)}`);
  }
  return steps;
}

function main(argv: string[]) {
  const files = argv.filter((a, i) => !a.startsWith('--') && !argv[i - 1]?.startsWith('--'));
  const flag = (name: string) => {
    const i = argv.indexOf(name);
    return i === -1 ? undefined : argv[i + 1];
  };
  const top = Number(flag('--top') ?? 25);
  const pathsShown = Number(flag('--paths') ?? 6);
  const only = flag('--only');
  const depth = Number(flag('--depth') ?? 8);
  if (files.length !== 2) {
    process.stderr.write('usage: tsx src/heap-diff.ts before.heapsnapshot after.heapsnapshot [--top N] [--paths N] [--depth N] [--only CLASS]\n');
    process.exit(2);
  }
  const [a, b] = files.map((f) => parseHeap(readFileSync(f!, 'utf8'))) as [Heap, Heap];
  const pa = shortestPaths(a);
  const pb = shortestPaths(b);
  const ra = retainedSizes(a);
  const rb = retainedSizes(b);
  const ta = totals(a, ra, (i) => i === 0 || pa.parentEdge[i] !== -1);
  const tb = totals(b, rb, (i) => i === 0 || pb.parentEdge[i] !== -1);
  const kb = (x: number) => `${(x / 1024).toFixed(1)} KB`;
  // Blink's own objects ("native" nodes) live outside V8's heap: CDP's JSHeapUsedSize (the soak's
  // figure) follows the rest, within a few percent.
  const sizes = (h: Heap, p: ReturnType<typeof shortestPaths>) => {
    let js = 0;
    let native = 0;
    let code = 0;
    for (let i = 0; i < h.count; i += 1) {
      if (i !== 0 && p.parentEdge[i] === -1) continue;
      if (h.nodeTypes[h.type[i]!] === 'native') native += h.selfSize[i]!;
      else js += h.selfSize[i]!;
      if (h.nodeTypes[h.type[i]!] === 'code') code += h.selfSize[i]!;
    }
    return { js, native, code };
  };
  const [sa, sb] = [sizes(a, pa), sizes(b, pb)];
  console.log(`reachable, V8's heap (JSHeapUsedSize's part): ${kb(sa.js)} → ${kb(sb.js)} (${kb(sb.js - sa.js)}); Blink's native objects: ${kb(sa.native)} → ${kb(sb.native)} (${kb(sb.native - sa.native)})`);
  // V8's compiled code (bytecode, and machine code as functions are tiered up) grows for a while in any long-lived page.
  console.log(`  of V8's heap, compiled code "(code)": ${kb(sa.code)} → ${kb(sb.code)} (${kb(sb.code - sa.code)}); the rest: ${kb(sa.js - sa.code)} → ${kb(sb.js - sb.code)} (${kb(sb.js - sb.code - (sa.js - sa.code))})`);
  const nativeClasses = new Set<string>();
  for (let i = 0; i < b.count; i += 1) if (b.nodeTypes[b.type[i]!] === 'native') nativeClasses.add(className(b, i));
  const rows = [...new Set([...ta.keys(), ...tb.keys()])].map((c) => {
    const x = ta.get(c) ?? { count: 0, self: 0, retained: 0 };
    const y = tb.get(c) ?? { count: 0, self: 0, retained: 0 };
    return { c, count: y.count - x.count, self: y.self - x.self, before: x, after: y };
  });
  rows.sort((p, q) => q.self - p.self);
  console.log(`\nby class, self size grown most (count before → after, self before → after, retained after; n: Blink's, outside V8's heap):`);
  for (const r of rows.slice(0, top)) {
    console.log(`${nativeClasses.has(r.c) ? 'n' : ' '} ${r.c.slice(0, 60).padEnd(60)} ${String(r.before.count).padStart(7)} → ${String(r.after.count).padEnd(7)} (${r.count >= 0 ? '+' : ''}${r.count})  ${kb(r.before.self)} → ${kb(r.after.self)} (${kb(r.self)})  retained ${kb(r.after.retained)}`);
  }

  // Objects in the second snapshot and not in the first, reachable: what holds them.
  const idsBefore = new Set<number>();
  for (let i = 0; i < a.count; i += 1) idsBefore.add(a.id[i]!);
  const fresh = new Map<string, { count: number; self: number; paths: Map<string, { count: number; self: number }> }>();
  for (let i = 1; i < b.count; i += 1) {
    if (idsBefore.has(b.id[i]!) || pb.parentEdge[i] === -1) continue;
    const c = className(b, i);
    if (only && c !== only) continue;
    const f = fresh.get(c) ?? { count: 0, self: 0, paths: new Map() };
    f.count += 1;
    f.self += b.selfSize[i]!;
    const key = pathTo(b, pb, i, depth).map((step) => step.slice(0, 80)).reverse().join(' → ');
    const p = f.paths.get(key) ?? { count: 0, self: 0 };
    p.count += 1;
    p.self += b.selfSize[i]!;
    f.paths.set(key, p);
    fresh.set(c, f);
  }
  const freshRows = [...fresh.entries()].sort((p, q) => q[1].self - p[1].self);
  console.log(`\nnew in the second snapshot and reachable, by class (count, self size), and the last ${depth} steps of their shortest paths from the GC roots:`);
  for (const [c, f] of freshRows.slice(0, top)) {
    console.log(`  ${c.slice(0, 60)}: ${f.count}, ${kb(f.self)}`);
    for (const [path, p] of [...f.paths.entries()].sort((x, y) => y[1].self - x[1].self).slice(0, pathsShown)) {
      console.log(`      ${p.count} (${kb(p.self)}): ${path}`);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // Piped into head: stop quietly when the reader has read enough.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  main(process.argv.slice(2));
}
