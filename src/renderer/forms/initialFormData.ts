/** What the form shows first: the given data with the schema's defaults filled in by rjsf's own rules. */
import { createSchemaUtils } from '@rjsf/utils';
import type { RJSFSchema } from '@rjsf/utils';
import type { JsonObject } from '../../shared/json';
import { defaultFormState } from './defaultFormState';
import { formValidator } from './formValidator';

export function initialFormData(schema: JsonObject, data: JsonObject | undefined): unknown {
  const rjsfSchema = schema as RJSFSchema;
  const utils = createSchemaUtils(formValidator, rjsfSchema, defaultFormState);
  return utils.getDefaultFormState(rjsfSchema, data ?? {});
}
