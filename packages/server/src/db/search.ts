/** An ILIKE pattern that finds the text anywhere, its own % _ and \ taken literally. */
export const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
