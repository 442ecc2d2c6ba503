/**
 * The icons no first screen shows (the new-posts offer, a thread's way up, "back" on a page not
 * found, closing a notice or the blog entry), drawn as icons.tsx draws its own: a module of their
 * own, out of the first load's core chunk (vite.config.ts).
 */
import { pathIcon } from './icons';

/** Up is up in either writing direction: not mirrored. */
export const ArrowUpIcon = /* @__PURE__ */ pathIcon('m5 12 7-7 7 7M12 19V5');

/** "Back" points against the reading direction: mirrored in a right-to-left page. */
export const ArrowBackIcon = /* @__PURE__ */ pathIcon('m12 19-7-7 7-7M19 12H5', true);

export const CloseIcon = /* @__PURE__ */ pathIcon('M18 6 6 18M6 6l12 12');
