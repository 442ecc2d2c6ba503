// Installed in the page before any of the app's code runs (context.addInitScript), on the app's
// origin only. A plain browser script kept as a file, not a TypeScript function, so tsx's
// transforms never reach the page. Reads `window.__benchConfig`, set by the script just before it:
//   { apiBase, watch: [{ name, selector, count, anywhere }], sampleDom: boolean, emulateVisibility: boolean, keepEntries: boolean }
// (keepEntries false: the request, script and long task lists stay empty and the browser's Resource
// Timing buffer keeps its default size, so an hour's page holds no more of the probe's than a
// minute's: the soak, which measures the page's heap, counts requests from Playwright's events.)
// (apiBase: what the app puts /v2/... after; API requests are those under `${apiBase}/v2/`).
// and exposes `window.__bench.snapshot()` with every time in ms since navigation start
// (performance.now()), plus `timeOrigin` to turn them into epoch ms.
//
// Requests to the API are timed here, from Resource Timing (PerformanceObserver 'resource'): the
// same clock as the marks, from the moment the app called fetch() (a CORS preflight included) to
// the last byte of the answer. Only requests that completed have an entry.
(() => {
  const config = window.__benchConfig || { watch: [], sampleDom: false };
  const state = {
    timeOrigin: performance.timeOrigin,
    fcpMs: null,
    lcpMs: null,
    lcpElement: null,
    longTaskCount: 0,
    longTaskTotalMs: 0,
    longTaskMaxMs: 0,
    longTasks: [],
    maxDomNodes: 0,
    maxArticles: 0,
    domSamples: 0,
    /** name -> ms at which `count` elements matching `selector` were first in the DOM, the first laid out in the viewport (or anywhere). */
    marks: {},
    /** [path, startTime, responseEnd] of every completed request to the API origin. */
    api: [],
    /** [path, startTime, responseEnd] of the app's own JS chunks. */
    scripts: [],
  };

  const observe = (type, onEntries) => {
    try {
      new PerformanceObserver((list) => onEntries(list.getEntries())).observe({ type, buffered: true });
    } catch {
      // Entry type not supported: the figure stays null.
    }
  };
  observe('paint', (entries) => {
    for (const entry of entries) if (entry.name === 'first-contentful-paint') state.fcpMs = entry.startTime;
  });
  observe('largest-contentful-paint', (entries) => {
    const last = entries[entries.length - 1];
    if (!last) return;
    state.lcpMs = last.renderTime || last.loadTime || last.startTime;
    const el = last.element;
    state.lcpElement = el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).trim().split(/\s+/).join('.')}` : ''}` : null;
  });
  const keepEntries = config.keepEntries !== false;
  if (keepEntries) {
    try {
      performance.setResourceTimingBufferSize(100000);
    } catch {
      // The observer below sees every entry anyway.
    }
  }
  observe('resource', (entries) => {
    if (!keepEntries) return;
    for (const entry of entries) {
      if (config.apiBase && entry.name.startsWith(`${config.apiBase}/v2/`)) {
        state.api.push([entry.name.slice(config.apiBase.length), entry.startTime, entry.responseEnd]);
      } else if (entry.name.startsWith(`${location.origin}/`) && /\.js$/.test(entry.name)) {
        state.scripts.push([entry.name.slice(location.origin.length), entry.startTime, entry.responseEnd]);
      }
    }
  });
  observe('longtask', (entries) => {
    for (const entry of entries) {
      state.longTaskCount += 1;
      state.longTaskTotalMs += entry.duration;
      state.longTaskMaxMs = Math.max(state.longTaskMaxMs, entry.duration);
      if (keepEntries) state.longTasks.push([entry.startTime, entry.duration]);
    }
  });

  const laidOut = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const inViewport = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
  };
  const pending = (config.watch || []).slice();
  const check = () => {
    if (!pending.length) return;
    const now = performance.now();
    for (let i = pending.length - 1; i >= 0; i -= 1) {
      const watch = pending[i];
      const matches = document.querySelectorAll(watch.selector);
      const count = watch.count || 1;
      // The first match must be laid out (and in the viewport, unless the watch says anywhere).
      const first = matches[0];
      if (matches.length >= count && (watch.anywhere ? laidOut(first) : inViewport(first))) {
        state.marks[watch.name] = now;
        pending.splice(i, 1);
      }
    }
  };
  const sample = () => {
    const nodes = document.getElementsByTagName('*').length;
    const articles = document.getElementsByTagName('article').length;
    if (nodes > state.maxDomNodes) state.maxDomNodes = nodes;
    if (articles > state.maxArticles) state.maxArticles = articles;
    state.domSamples += 1;
  };

  // Mutation records are delivered in a microtask right after React commits, before the paint.
  new MutationObserver(() => {
    check();
    if (config.sampleDom) sample();
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['aria-busy'] });
  if (config.sampleDom) setInterval(sample, 100);

  // A hidden tab, as far as the page can tell: headless Chromium never hides a page, so the
  // visibility the app reads (document.visibilityState / document.hidden) is the bench's to set,
  // and setVisibility fires what a real tab switch fires (visibilitychange, then blur or focus).
  let visibility = null;
  if (config.emulateVisibility) {
    const real = (name) => Object.getOwnPropertyDescriptor(Document.prototype, name).get;
    const realState = real('visibilityState');
    const realHidden = real('hidden');
    Object.defineProperty(Document.prototype, 'visibilityState', {
      configurable: true,
      enumerable: true,
      get() {
        return visibility ?? realState.call(this);
      },
    });
    Object.defineProperty(Document.prototype, 'hidden', {
      configurable: true,
      enumerable: true,
      get() {
        return visibility ? visibility === 'hidden' : realHidden.call(this);
      },
    });
  }

  window.__bench = {
    snapshot: () => JSON.parse(JSON.stringify({ ...state, now: performance.now() })),
    /** Marks still awaited. */
    pending: () => pending.map((watch) => watch.name),
    setVisibility: (next) => {
      if (!config.emulateVisibility) throw new Error('the page was opened without emulateVisibility');
      visibility = next;
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      window.dispatchEvent(new Event(next === 'hidden' ? 'blur' : 'focus'));
    },
  };
})();
