/**
 * Any http(s) or ws(s) URL whose host is not this machine's: what the browser tests' guard
 * (support.ts guardContext) records. The browser refuses them itself (playwright.config.ts's proxy).
 * Not a route: any route, even this narrow one, makes Playwright's Chromium pause every request of
 * the context and ask the test's process (Fetch.enable with the pattern "*"; the URL is matched
 * there), and turns the browser's HTTP cache off for the context. Measured (issue 37), all the
 * journeys with the route against without: 546 / 509 CPU-s, then 502 / 495; Chromium's browser
 * process 92 / 73 and 85 / 71. A few per cent, within the host's noise.
 */
export const EXTERNAL_URL = /^(?:https?|wss?):\/\/(?!(?:127\.0\.0\.1|localhost|\[::1\])(?:[:/?#]|$))/i;
