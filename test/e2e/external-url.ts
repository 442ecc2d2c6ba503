/**
 * Any http(s) or ws(s) URL whose host is not this machine's. A regular expression, not a function:
 * Playwright matches a pattern in the browser and intercepts only what matches, while a function
 * makes it stop every request and ask the test's process (which also serves the app and the mock
 * API), a round trip on each of a page's dozens of requests.
 */
export const EXTERNAL_URL = /^(?:https?|wss?):\/\/(?!(?:127\.0\.0\.1|localhost|\[::1\])(?:[:/?#]|$))/i;
