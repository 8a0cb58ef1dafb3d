export * from './constants.js';
export * from './contracts/auth.js';
export * from './contracts/documents.js';
export * from './contracts/system.js';
export * from './contracts/user.js';
export * from './errors.js';
export * from './fields.js';
export * from './messages.js';
