/** The spec's key-box texts (002 §8) as the catalogue holds them, with polyglot's placeholder. */
export const withReason = (message: string) => message.replace('${reason}', '%{reason}');
