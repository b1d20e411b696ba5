// The mine area's face: what other areas use of it. Other areas import only this file.
export { CodeField, narrow } from './account-fields';
export type { CodeValues } from './account-fields';
