export * from './constants.ts';
export * from './timings.ts';
export * from './languages.ts';
export * from './errors.ts';
export * from './password.ts';
export * from './api.ts';
export * from './ai-check.ts';
export * from './text-check.ts';
