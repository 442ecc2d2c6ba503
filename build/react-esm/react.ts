/**
 * React's API as the app's code imports it, re-exported as ES module bindings (build/react-esm-plugin.ts).
 * React ships CommonJS: a chunk that imports it directly carries rolldown's interop (`__toESM` of
 * React's module, and a property read for each use) and imports the interop helper from the runtime
 * chunk. Through this module the interop runs once, in the core chunk, and the other chunks import
 * plain bindings. Each name the app imports must be listed: the build fails on a missing one.
 */
import * as React from 'react';

export const {
  Component,
  Fragment,
  StrictMode,
  Suspense,
  cloneElement,
  createContext,
  createElement,
  lazy,
  memo,
  startTransition,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useEffectEvent,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} = React;
