/**
 * A worker that builds, off the main thread, what the first Intl formatter of a page costs: V8 builds
 * its tables of ICU's available locales (and ICU loads its locale data) once per renderer process, on
 * the first NumberFormat, DateTimeFormat or RelativeTimeFormat, from whichever thread asks first.
 * That is 50–100 ms on this project's machines in one piece, a long task on the main thread
 * (200–400 ms at a phone's 4× slower CPU). Built here, the main thread's own formatters then take a
 * millisecond or two (lib/time.ts, warmIntlOffMainThread). The message is the locale to warm.
 */
self.onmessage = (event: MessageEvent<unknown>) => {
  const locale = typeof event.data === 'string' ? event.data : undefined;
  try {
    new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-1, 'day');
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
    new Intl.NumberFormat(locale).format(1);
    new Intl.PluralRules(locale).select(1);
  } finally {
    // DOM's typings have no dedicated worker scope: its postMessage takes the message alone, as Worker's does.
    (self as unknown as Worker).postMessage(null);
  }
};

// A module (the page loads it as one), with nothing to export.
export {};
