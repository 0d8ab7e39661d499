import type { Experimental_DefaultFormStateBehavior } from '@rjsf/utils';

/** Defaults shown are defaults sent; nothing else is invented: no empty arrays or objects, no first-const picks. */
export const defaultFormState: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: { populate: 'never' },
  emptyObjectFields: 'skipEmptyDefaults',
  constAsDefaults: 'skipOneOf',
  mergeDefaultsIntoFormData: 'useFormDataIfPresent',
};
