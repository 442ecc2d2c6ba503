// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { exportsByOwnName, importsByOwnName, inlineRuntime, shiftMappings, withoutPreload } from '../../build/core-exports-plugin';
import { replaceRanges } from '../../build/code-edits';

const CORE = './core-abc.js';

describe('the core chunk exports its bindings by their own names (build/core-exports-plugin.ts)', () => {
  it('exports each binding under its minified name; a second name of one binding keeps its own', () => {
    const code = 'const md=1,j=2;function q(){}export{md as $,j as A,md as B,q as q};';
    const { names, edit } = exportsByOwnName(code, 'core.js');
    expect(code.slice(0, edit.start) + edit.text + code.slice(edit.end)).toBe('const md=1,j=2;function q(){}export{md,j,md as B,q};');
    expect([...names]).toEqual([['$', 'md'], ['A', 'j'], ['B', 'B'], ['q', 'q']]);
  });

  it('refuses a second name of a binding that another binding already has', () => {
    // b keeps its own name; a's second export would be "b" too.
    expect(() => exportsByOwnName('const a=1,b=2;export{b as z,a as q,a as b};', 'core.js')).toThrow('exports a a second time as "b", a name already given');
  });

  it('refuses a core chunk that exports other than by one clause', () => {
    expect(() => exportsByOwnName('export const a=1;export{a as b};', 'core.js')).toThrow('does not end in one export clause');
    expect(() => exportsByOwnName('export*from"./x.js";const a=1;export{a as b};', 'core.js')).toThrow('does not end in one export clause');
  });

  it('renames what each chunk imports from core, and leaves its other imports alone', () => {
    const names = new Map([['$', 'md'], ['A', 'j'], ['B', 'B']]);
    const code = 'import{$ as e,A as j,B as t}from"./core-abc.js";import{$ as x}from"./other.js";e(j,t,x);';
    const edits = importsByOwnName(code, 'feed.js', CORE, names);
    expect(edits).toHaveLength(1);
    const [edit] = edits;
    expect(code.slice(0, edit!.start) + edit!.text + code.slice(edit!.end)).toBe('import{md as e,j,B as t}from"./core-abc.js";import{$ as x}from"./other.js";e(j,t,x);');
  });

  it('renames the export a module inside core is imported on demand by, as rolldown writes it', () => {
    const names = new Map([['dn', 'Ks'], ['$', 'md']]);
    const code = 'Promise.all([n(()=>import(`./core-abc.js`).then(e=>e.dn),d),import("./other.js").then(e=>e.dn)]);';
    const edits = importsByOwnName(code, 'a.js', CORE, names);
    let out = code;
    for (const edit of [...edits].reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
    expect(out).toBe('Promise.all([n(()=>import(`./core-abc.js`).then(e=>e.Ks),d),import("./other.js").then(e=>e.dn)]);');
  });

  it('fails the build for a chunk that reaches core other than by a named import', () => {
    const names = new Map([['$', 'md']]);
    expect(() => importsByOwnName('import*as c from"./core-abc.js";c.$();', 'a.js', CORE, names)).toThrow('other than by name');
    expect(() => importsByOwnName('import c from"./core-abc.js";c();', 'a.js', CORE, names)).toThrow('other than by name');
    expect(() => importsByOwnName('export{$ as x}from"./core-abc.js";', 'a.js', CORE, names)).toThrow('re-exports ./core-abc.js');
    expect(() => importsByOwnName('export*from"./core-abc.js";', 'a.js', CORE, names)).toThrow('re-exports ./core-abc.js');
    expect(() => importsByOwnName('const m=()=>import("./core-abc.js");', 'a.js', CORE, names)).toThrow('on demand other than as import(…).then(e=>e.name)');
    expect(() => importsByOwnName('const m=()=>import(`./core-abc.js`).then(e=>e[k]);', 'a.js', CORE, names)).toThrow('on demand other than');
    expect(() => importsByOwnName('const m=()=>import(`./core-abc.js`).then(e=>f.$);', 'a.js', CORE, names)).toThrow('on demand other than');
    expect(() => importsByOwnName('import{Q as q}from"./core-abc.js";q();', 'a.js', CORE, names)).toThrow('imports "Q", which ./core-abc.js does not export');
  });

  it('exports bindings it is given as well, under their own names, unless exported already', () => {
    // md was exported as "e" (rolldown's name): its importers ask for "e" and must get md, while the
    // binding e (a runtime helper) is exported as "e" from now on.
    const code = 'const md=1,e=2,$0=3;export{md as e};';
    const { names, edit } = exportsByOwnName(code, 'core.js', ['e', '$0', 'md']);
    expect(replaceRanges(code, [edit])).toBe('const md=1,e=2,$0=3;export{md,e,$0};');
    expect([...names]).toEqual([['e', 'md']]);
    // A name core already gives to another binding (a's second name) cannot be given again.
    expect(() => exportsByOwnName('const a=1,b=2;export{a as x,a as b};', 'core.js', ['b'])).toThrow('already exports the name b');
  });

  describe('rolldown’s runtime goes into core', () => {
    const RUNTIME = './rt.js';
    const runtime = 'var e=Object.create,o=(e,t)=>()=>t||e(),s=(e,n)=>({...e,n}),l=n=>e(n);export{s as n,l as r,o as t};';

    it('runs the runtime’s code where core imported it, in a scope of its own, and names each export in core', () => {
      const core = 'const __vite__mapDeps=0;import{r as e,t}from"./rt.js";var n=t(()=>1),$0=2;export{n as a};';
      const { edit, locals } = inlineRuntime(core, 'core.js', runtime, RUNTIME);
      // n (not imported by core) gets a name core does not use anywhere: $0 is taken, $1 is free.
      expect([...locals]).toEqual([['r', 'e'], ['t', 't'], ['n', '$1']]);
      const inlined = replaceRanges(core, [edit]);
      expect(inlined).toBe(
        'const __vite__mapDeps=0;const[$1,e,t]=(()=>{var e=Object.create,o=(e,t)=>()=>t||e(),s=(e,n)=>({...e,n}),l=n=>e(n);return[s,l,o]})();var n=t(()=>1),$0=2;export{n as a};',
      );
      // The module still runs: core's own bindings and the runtime's come out as before.
      const run = new Function(`${inlined.replace('export{n as a};', '')}return [n(), typeof e, typeof $1];`) as () => unknown[];
      expect(run()).toEqual([1, 'function', 'function']);
    });

    it('fails the build for a runtime or an import of it it does not know', () => {
      expect(() => inlineRuntime('import{t}from"./rt.js";', 'core.js', 'import"./x.js";var o=1;export{o as t};', RUNTIME)).toThrow('is not its code and one export clause');
      expect(() => inlineRuntime('import*as r from"./rt.js";', 'core.js', runtime, RUNTIME)).toThrow('other than by name');
      expect(() => inlineRuntime('import{q}from"./rt.js";', 'core.js', runtime, RUNTIME)).toThrow('imports "q", which ./rt.js does not export');
      expect(() => inlineRuntime('var a=1;', 'core.js', runtime, RUNTIME)).toThrow('does not import ./rt.js once');
    });

    it('a chunk that imported the runtime imports the same helpers from core', () => {
      const code = 'import{t as e}from"./rt.js";import{md as t}from"./core-abc.js";e(t);';
      const edits = importsByOwnName(code, 'lazy.js', RUNTIME, new Map([['t', 'o1'], ['n', '$1']]), CORE);
      expect(replaceRanges(code, edits)).toBe('import{o1 as e}from"./core-abc.js";import{md as t}from"./core-abc.js";e(t);');
    });

    it('takes the runtime’s file out of the preload lists, each import()’s indexes following', () => {
      const code =
        'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["./a.js","./rt.js","./b.css","./c.js"])))=>i.map(i=>d[i]);' +
        'n(()=>import("./a.js"),__vite__mapDeps([0,1,2]));n(()=>import("./c.js"),__vite__mapDeps([3,1]));';
      expect(replaceRanges(code, withoutPreload(code, RUNTIME))).toBe(
        'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["./a.js","./b.css","./c.js"])))=>i.map(i=>d[i]);' +
          'n(()=>import("./a.js"),__vite__mapDeps([0,1]));n(()=>import("./c.js"),__vite__mapDeps([2]));',
      );
      // No list, or one without the file: nothing to change.
      expect(withoutPreload('import("./a.js");', RUNTIME)).toEqual([]);
      expect(withoutPreload(code.replace('"./rt.js",', ''), RUNTIME)).toEqual([]);
    });
  });

  it('moves the source map’s columns after a replacement by its difference, and those inside it to its start', () => {
    // Line 0 untouched; line 1 has segments at columns 0, 10 and 30 (A = 0, U = 10, oB = 20 relative).
    const mappings = 'AAAA,EAAE;AACA,UAAA,oBAAA';
    // On line 1, 10 characters at column 5 become 4: 0 stays, 10 (inside) goes to 5, 30 to 24.
    expect(shiftMappings(mappings, [{ line: 1, column: 5, length: 10, text: 'abcd' }])).toBe('AAAA,EAAE;AACA,KAAA,mBAAA');
    // Longer than it was: 30 moves to 34 (relative 24 from 10: "wB").
    expect(shiftMappings(mappings, [{ line: 1, column: 20, length: 2, text: 'abcdef' }])).toBe('AAAA,EAAE;AACA,UAAA,wBAAA');
    expect(shiftMappings(mappings, [])).toBe(mappings);
  });
});
