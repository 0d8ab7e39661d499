/** The validator rjsf draws field errors with (over the normalised schema; our marker keywords are known to it). */
import { customizeValidator } from '@rjsf/validator-ajv8';

export const formValidator = customizeValidator({
  ajvOptionsOverrides: { strict: false },
});
