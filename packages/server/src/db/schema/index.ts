export * from './resellers.js';
export * from './wallet.js';
export * from './catalogue.js';
export * from './coupons.js';
export * from './vpn.js';
export * from './billing.js';
export * from './system.js';
export * from './redeem.js';
