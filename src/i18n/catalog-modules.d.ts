declare module 'virtual:i18n-catalog/*' {
  import type { Messages } from './messages';
  /** One language's messages, compiled at build time (build/i18n-plugin.ts). */
  export const messages: Messages;
}
