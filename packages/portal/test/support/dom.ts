/**
 * A DOM (happy-dom) for the component tests, set up in the Node environment: these tests start the
 * real server in the same process, and its code must load as in Node. Import this first.
 */
import { Window } from 'happy-dom';
import { populateGlobal } from 'vitest/runtime';

const win = new Window({ url: 'http://localhost:3000/', width: 1280, height: 800 });
populateGlobal(globalThis, win as unknown as Parameters<typeof populateGlobal>[1], { bindFunctions: true });

// The server answers in the same process, on a machine shared with other work: give it time.
const { configure } = await import('@testing-library/react');
configure({ asyncUtilTimeout: 10_000 });
