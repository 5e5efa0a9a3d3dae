/** Scalar's self-contained browser build (aliased in vite.config.ts): the same createApiReference. */
declare module '@scalar/api-reference/standalone' {
  export { createApiReference } from '@scalar/api-reference';
}
