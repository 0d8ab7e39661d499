/**
 * The one import of @rjsf/core. The layer rule's pattern for src/core ("**\/core") also matches the package
 * name "@rjsf/core"; this is the form library, not Loupe's engine, so the rule is silenced here only.
 */
// eslint-disable-next-line no-restricted-imports -- @rjsf/core is the form library, not src/core
export { default as Form, getDefaultRegistry } from '@rjsf/core';
// eslint-disable-next-line no-restricted-imports -- @rjsf/core is the form library, not src/core
export type { IChangeEvent } from '@rjsf/core';
