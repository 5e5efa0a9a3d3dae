/** react-admin's language packages that ship no types of their own: their messages, as ra-core reads them. */
declare module 'ra-language-german' {
  const messages: { ra: object };
  export default messages;
}
/** Emotion's own stylis, for its vendor prefixer beside the RTL plugin (MUI's RTL set-up). */
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export const prefixer: StylisPlugin;
}
