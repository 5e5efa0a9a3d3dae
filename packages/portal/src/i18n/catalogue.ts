/**
 * The shape every language's catalogue has: English's keys, each a sentence. A language's file of
 * an area is typed `Translation<typeof the English area>`, so a missing or an extra key fails the
 * type check, and test/catalogues.test.ts checks the placeholders.
 */
export type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };
