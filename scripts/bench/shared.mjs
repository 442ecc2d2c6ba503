// The bench reuses the project's own JS helpers rather than copying them; shared.d.mts types them
// for the TypeScript modules here (the tsconfig does not check .mjs files).
export { BUDGET as FEED_INITIAL_JS_BUDGET_GZIP, measureInitialJs } from '../check-size.mjs';
export { startStaticServer } from '../static-server.mjs';
export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../test/browser/browser.mjs';
