// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mayContainLink } from '../../src/lib/link-hint';
import { splitLinks, type LinkPart } from '../../src/lib/link-parts';
import { INVISIBLE, safeLink } from '../../src/lib/links';
import { createFixtureSnapshot, FIXTURE_POST_IDS } from '../../src/mocks/fixtures';
import { hostileSeed } from '../../src/mocks/scenario-seeds';

const REL_TRICKS = [
  ...['\u202A', '\u202B', '\u202C', '\u202D', '\u202E'],
  ...['\u2066', '\u2067', '\u2068', '\u2069'],
  ...['\u200B', '\u200C', '\u200D', '\u200E', '\u200F'],
  '\u2060',
  '\uFEFF',
];

function linksIn(text: string): LinkPart[] {
  return splitLinks(text).filter((part): part is LinkPart => typeof part !== 'string');
}

/** The one link of `text`, as [text before, source, text after]. */
function around(text: string): [string, string, string] {
  const parts = splitLinks(text);
  const index = parts.findIndex((part) => typeof part !== 'string');
  expect(parts.filter((part) => typeof part !== 'string')).toHaveLength(1);
  const join = (list: typeof parts) => list.map((part) => (typeof part === 'string' ? part : part.source)).join('');
  return [join(parts.slice(0, index)), (parts[index] as LinkPart).source, join(parts.slice(index + 1))];
}

function rejoin(text: string): string {
  return splitLinks(text)
    .map((part) => (typeof part === 'string' ? part : part.source))
    .join('');
}

describe('hostile strings stay text', () => {
  const hostile = hostileSeed();
  const fixtures = createFixtureSnapshot();
  const mallory = fixtures.users.find((user) => user.username === 'mallory')!;
  const hostilePosts = fixtures.posts.filter((post) => (FIXTURE_POST_IDS.hostile as readonly number[]).includes(post.id));
  const strings = new Set([
    ...hostile.users.flatMap((user) => [user.displayname, user.bio, String(user.pronoun)]),
    ...hostile.posts.flatMap((post) => [post.content, post.from]),
    hostile.blog.content,
    hostile.blog.tag,
    mallory.displayname,
    mallory.bio,
    ...hostilePosts.flatMap((post) => [post.content, post.from]),
  ]);

  it.each([...strings].map((text) => [text.slice(0, 60), text]))('%j', (_, text) => {
    expect(linksIn(text)).toEqual([]);
    expect(splitLinks(text).join('')).toBe(text);
  });

  it('covers the scenario: markup, markdown and HTML javascript: links, bidi and zero-width text', () => {
    const all = [...strings].join('\n');
    for (const needle of ['<script>', 'onerror=', '](javascript:alert(1))', 'href="javascript:', 'data:text/html', '\u202E', '\u200B', 'DROP TABLE']) {
      expect(all).toContain(needle);
    }
  });
});

describe('which URLs become links', () => {
  it('makes http and https URLs links, with the parsed target and a label without the scheme', () => {
    expect(linksIn('read https://example.com/docs and http://example.org')).toEqual([
      { source: 'https://example.com/docs', href: 'https://example.com/docs', label: 'example.com/docs' },
      { source: 'http://example.org', href: 'http://example.org/', label: 'example.org' },
    ]);
  });

  it('normalises uppercase schemes and hosts', () => {
    expect(linksIn('HTTPS://EXAMPLE.COM/Path and HtTp://Example.ORG')).toEqual([
      { source: 'HTTPS://EXAMPLE.COM/Path', href: 'https://example.com/Path', label: 'example.com/Path' },
      { source: 'HtTp://Example.ORG', href: 'http://example.org/', label: 'example.org' },
    ]);
  });

  it('gives schemeless www. hosts https, and leaves bare domain-like words alone', () => {
    expect(linksIn('go to www.example.com/a!')).toEqual([{ source: 'www.example.com/a', href: 'https://www.example.com/a', label: 'www.example.com/a' }]);
    expect(linksIn('see readme.md, setup.py, hello.world and example.com')).toEqual([]);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    'javascript://example.com/%0Aalert(1)',
    'javascript://www.example.com/%0Aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'VBScript://www.example.com',
    'ftp://example.com/file',
    'file:///etc/passwd',
    'mailto:someone@example.com',
    'someone@example.com',
    'xhttps://www.example.com',
    'evilhttps://example.com',
    'http:/example.com',
    'https:example.com',
    'localhost:3000',
    'https://example.com:99999/',
  ])('%s is not a link', (text) => {
    expect(linksIn(text)).toEqual([]);
    expect(rejoin(text)).toBe(text);
  });

  it('refuses URLs with credentials, whose "host" before the @ is not where they go', () => {
    expect(linksIn('http://user:pass@example.com/x')).toEqual([]);
    expect(linksIn('https://trusted.example@evil.example/login')).toEqual([]);
  });

  it('links IP addresses and ports, showing them', () => {
    expect(linksIn('http://192.168.0.1:8080/a?b=c#d')).toEqual([
      { source: 'http://192.168.0.1:8080/a?b=c#d', href: 'http://192.168.0.1:8080/a?b=c#d', label: '192.168.0.1:8080/a?b=c#d' },
    ]);
  });
});

describe('punctuation and parentheses around URLs', () => {
  it.each([
    ['see https://example.com/path.', ['see ', 'https://example.com/path', '.']],
    ['https://example.com/path, then', ['', 'https://example.com/path', ', then']],
    ['wow https://example.com/path!', ['wow ', 'https://example.com/path', '!']],
    ['is it https://example.com/path?', ['is it ', 'https://example.com/path', '?']],
    ['https://example.com/path; next', ['', 'https://example.com/path', '; next']],
    ['at https://example.com/path: yes', ['at ', 'https://example.com/path', ': yes']],
    ['"https://example.com/q"', ['"', 'https://example.com/q', '"']],
    ["'https://example.com/q'", ["'", 'https://example.com/q', "'"]],
    ['trailing dots https://example.com/a...', ['trailing dots ', 'https://example.com/a', '...']],
    ['www.example.com.', ['', 'www.example.com', '.']],
    ['(https://example.com/x)', ['(', 'https://example.com/x', ')']],
    ['(see https://example.com/x).', ['(see ', 'https://example.com/x', ').']],
    ['https://example.com/path)', ['', 'https://example.com/path', ')']],
    ['https://en.wikipedia.org/wiki/Foo_(bar)', ['', 'https://en.wikipedia.org/wiki/Foo_(bar)', '']],
    ['(https://en.wikipedia.org/wiki/Foo_(bar)).', ['(', 'https://en.wikipedia.org/wiki/Foo_(bar)', ').']],
    ['Visit https://example.com/foo_(bar)_(baz)!', ['Visit ', 'https://example.com/foo_(bar)_(baz)', '!']],
    ['www.example.com/path?q=1#frag.', ['', 'www.example.com/path?q=1#frag', '.']],
    ['مرحبا https://example.com/مصر، شكرا', ['مرحبا ', 'https://example.com/مصر', '، شكرا']],
    ['هل رأيت https://example.com/x؟', ['هل رأيت ', 'https://example.com/x', '؟']],
    ['詳細はhttps://example.com/a。', ['詳細は', 'https://example.com/a', '。']],
    ['「https://example.com/a」', ['「', 'https://example.com/a', '」']],
    ['«https://example.com/a»', ['«', 'https://example.com/a', '»']],
  ])('%j', (text, expected) => {
    expect(around(text)).toEqual(expected);
  });
});

describe('IDNs and homographs', () => {
  it('shows the host as punycode (what the browser connects to), and the path readable', () => {
    expect(linksIn('https://пример.рф/путь')).toEqual([
      { source: 'https://пример.рф/путь', href: 'https://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C', label: 'xn--e1afmkfd.xn--p1ai/путь' },
    ]);
  });

  it('gives a look-alike host away: Cyrillic а in аpple.com', () => {
    expect(linksIn('https://\u0430pple.com/login')).toMatchObject([{ label: 'xn--pple-43d.com/login', href: 'https://xn--pple-43d.com/login' }]);
  });
});

describe('long URLs', () => {
  it('cuts the path at 40 characters with an ellipsis and keeps the whole URL as the target', () => {
    const url = `https://example.com/${'a'.repeat(180)}`;
    const [link] = linksIn(`An unbroken URL: ${url}`);
    expect(link!.href).toBe(url);
    expect(link!.label).toBe(`example.com/${'a'.repeat(27)}…`);
    expect(Array.from(link!.label)).toHaveLength(40);
  });

  it('never cuts the host: a long one shows whole, then the cut path', () => {
    const host = `paypal.com.${'account-verify.'.repeat(4)}evil.example`;
    const [link] = linksIn(`https://${host}/login/now`);
    expect(link!.label).toBe(`${host}/…`);
  });

  it('cuts by code point, never inside a surrogate pair', () => {
    const [link] = linksIn(`https://example.com/${'😀'.repeat(50)}`);
    expect(link!.label).toBe(`example.com/${'😀'.repeat(27)}…`);
  });
});

describe('bidi and zero-width tricks', () => {
  it.each(REL_TRICKS.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))('%s inside, before or after a URL: no link', (_, c) => {
    for (const text of [
      `https://exa${c}mple.com/`,
      `https://example.com/${c}moc.live`,
      `https://example.com${c}/path`,
      `${c}https://example.com/`,
      `https://example.com/${c}`,
      `www.exa${c}mple.com`,
      `${c}www.example.com`,
      `www.example.com${c}`,
      `${c}https://evil.example/${c}`,
    ]) {
      expect(linksIn(text), JSON.stringify(text)).toEqual([]);
      expect(rejoin(text)).toBe(text);
    }
  });

  it('the RLO trick from the fixtures: \\u202Ehttps://evil.example\\u202C stays text', () => {
    expect(linksIn('click \u202Ehttps://evil.example/exe.gnp\u202C now')).toEqual([]);
  });

  it('shows a percent-encoded control in the path encoded, not decoded into a reordering', () => {
    expect(linksIn('https://example.com/%E2%80%AEmoc.live and https://example.com/a%20b')).toEqual([
      expect.objectContaining({ label: 'example.com/%E2%80%AEmoc.live' }),
      expect.objectContaining({ label: 'example.com/a%20b' }),
    ]);
  });

  it('a link beside a bidi-clean URL in the same text still works', () => {
    expect(linksIn('zero\u200Bwidth https://example.com/ok')).toHaveLength(1);
  });
});

describe('the cheap pre-check', () => {
  it('says no for text without http(s):// or www.', () => {
    expect(mayContainLink('Hello, world. v2.0 is out: readme.md')).toBe(false);
    expect(mayContainLink('see WWW.example.com')).toBe(true);
    expect(mayContainLink('HTTPS://x')).toBe(true);
  });

  it('never hides a link: whatever splitLinks links, the pre-check lets through; text is never lost', () => {
    const piece = fc.constantFrom(
      'https://', 'http://', 'HTTP://', 'www.', 'example.com', '.org', '/path', '(', ')', '.', ',', '!', '?', ' ', '\n', '@',
      'user:pw@', ':8080', 'javascript:', 'data:', 'а', 'مصر', '😀', ...REL_TRICKS,
    );
    const text = fc.oneof(fc.array(piece, { maxLength: 12 }).map((pieces) => pieces.join('')), fc.string({ unit: 'grapheme', maxLength: 40 }));
    fc.assert(
      fc.property(text, (input) => {
        const parts = splitLinks(input);
        expect(rejoin(input)).toBe(input);
        for (const part of parts) {
          if (typeof part === 'string') continue;
          expect(mayContainLink(input)).toBe(true);
          const url = new URL(part.href);
          expect(['http:', 'https:']).toContain(url.protocol);
          expect(url.username + url.password).toBe('');
          expect(INVISIBLE.test(part.source) || INVISIBLE.test(part.label)).toBe(false);
          expect(part.label.startsWith(url.host)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('safeLink on its own', () => {
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'https://user@example.com/',
    'https://exa\u200Bmple.com/',
    '//example.com/',
    '/relative',
    'not a url',
  ])('refuses %j', (candidate) => {
    expect(safeLink(candidate)).toBeNull();
  });

  it('accepts http(s) and normalises', () => {
    expect(safeLink('HTTPS://Example.COM')).toEqual({ href: 'https://example.com/', label: 'example.com' });
  });
});
