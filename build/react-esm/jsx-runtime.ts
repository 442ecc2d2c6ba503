/** React's JSX runtime, which every component's compiled JSX imports, as ES module bindings (react.ts says why). */
import * as JsxRuntime from 'react/jsx-runtime';

export const { Fragment, jsx, jsxs } = JsxRuntime;
