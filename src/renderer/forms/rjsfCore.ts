/** The one import of @rjsf/core, the form library. */
export { default as Form, getDefaultRegistry } from '@rjsf/core';
export type { IChangeEvent } from '@rjsf/core';
