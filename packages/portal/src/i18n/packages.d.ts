/** react-admin's language packages that ship no types of their own: their messages, as ra-core reads them. */
declare module 'ra-language-german' {
  const messages: { ra: object };
  export default messages;
}
