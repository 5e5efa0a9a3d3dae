import { lazy, type ComponentType } from 'react';

/**
 * React.lazy whose module can be fetched ahead (`preload()`, the sign-in page does it while the
 * password is typed) and which then renders without suspending. A plain lazy component suspends on
 * its first render even when its module is in memory (a promise never answers synchronously), and
 * React reveals what a Suspense boundary held back at most every 300 ms: a step of the way from
 * sign-in to the dashboard that costs nothing to skip.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the props are the component's own, as with React.lazy
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // A thenable that answers at once when the module is loaded: React then renders it in the same pass.
  const Component = lazy(() => (loaded ? ({ then: (resolve: (m: { default: T }) => void) => resolve(loaded as { default: T }) } as Promise<{ default: T }>) : preload()));
  return Object.assign(Component, { preload });
}
