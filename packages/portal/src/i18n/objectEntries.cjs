/* Object.entries itself, for node-polyglot's require('object.entries') (see vite.config.ts). */
/* global module */
module.exports = Object.entries;
