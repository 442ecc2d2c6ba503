/** react-dom's API as the app's code imports it, as ES module bindings (react.ts says why). */
import * as ReactDom from 'react-dom';

export const { createPortal, flushSync } = ReactDom;
