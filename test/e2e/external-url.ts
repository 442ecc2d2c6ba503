/**
 * Any http(s) or ws(s) URL whose host is not this machine's: what the browser tests' guard
 * (support.ts guardContext) stops. Note that any route, even this narrow one, makes Playwright's
 * Chromium pause every request of the context and ask the test's process (Fetch.enable with the
 * pattern "*"; the URL is matched there), and turns the browser's HTTP cache off for the context.
 * Measured (issue 37): languages + reading + preview without the route took 143–145 s against
 * 149–150 s with it, about 4 %: kept, for what it guards.
 */
export const EXTERNAL_URL = /^(?:https?|wss?):\/\/(?!(?:127\.0\.0\.1|localhost|\[::1\])(?:[:/?#]|$))/i;
