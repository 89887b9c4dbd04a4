// The first-load part of no.json. The build replaces this module with that part (apps/web/build/catalogueParts.ts);
// elsewhere (the tests, the dev server) it is the whole catalogue.
export { default } from '../no.json';
