/**
 * Teardown that cannot hang a run: a closing step that has not finished in its time is named on
 * stderr and its leftovers are forced closed by the caller (connections cut, backends terminated),
 * instead of the run waiting on it for ever.
 */
export async function bounded(what: string, ms: number, step: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const done = await Promise.race([step.then(() => true as const, () => true as const), late]);
  clearTimeout(timer);
  if (!done) process.stderr.write(`teardown: ${what} had not finished after ${ms} ms; forcing what is left\n`);
  return done;
}

/**
 * Closes the app: Fastify waits for the requests in hand and ends idle connections; a connection
 * still open after a while (a client that never finished its request) is cut so the close ends.
 */
export async function closeApp(app: { close(): PromiseLike<unknown>; server: { closeAllConnections(): void } }) {
  const closing = Promise.resolve(app.close());
  if (!(await bounded('closing the app', 15_000, closing))) {
    app.server.closeAllConnections();
    await bounded('closing the app after cutting its connections', 15_000, closing);
  }
}
