/** An ILIKE pattern that finds the text anywhere, its own % _ and \ taken literally. */
export const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** An ILIKE/LIKE pattern that finds text starting so, its own % _ and \ taken literally. */
export const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
