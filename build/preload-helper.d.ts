/** build/preload-helper.js: a lazy chunk's import() with its imports and stylesheets fetched beside it. */
export declare const __vitePreload: <T>(load: () => Promise<T>, deps: string[] | undefined, importerUrl: string) => Promise<T>;
