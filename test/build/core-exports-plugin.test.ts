// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { exportsByOwnName, importsByOwnName, shiftMappings } from '../../build/core-exports-plugin';

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
