/**
 * rjsf's validator over schemaCheck (no eval, so it works under the renderer's CSP), validating against the
 * normalised form schema. Field errors land on the fields through rjsf's error schema.
 */
import type { CustomValidator, ErrorTransformer, RJSFSchema, RJSFValidationError, UiSchema, ValidationData, ValidatorType } from '@rjsf/utils';
import { toErrorSchema } from '@rjsf/utils';
import type { JsonObject, JsonValue } from '../../shared/json';
import { toJson } from '../../shared/schema/buildArguments';
import { checkValue, type SchemaError } from './schemaCheck';

function asJson(formData: unknown): JsonValue | undefined {
  return toJson(formData);
}

function toRjsfError(error: SchemaError, schema: JsonObject): RJSFValidationError {
  const property = error.path.length > 0 ? `.${error.path.join('.')}` : '.';
  let message = error.message;
  if (error.keyword === 'required') {
    // Name the field by its title where the parent has one, as rjsf's own validator does.
    let parent: JsonValue | undefined = schema;
    for (const segment of error.path.slice(0, -1)) {
      const properties: JsonValue | undefined = parent && typeof parent === 'object' && !Array.isArray(parent) ? parent.properties : undefined;
      parent = properties && typeof properties === 'object' && !Array.isArray(properties) ? properties[segment] : undefined;
    }
    const last = error.path[error.path.length - 1];
    const properties = parent && typeof parent === 'object' && !Array.isArray(parent) ? parent.properties : undefined;
    const field = properties && typeof properties === 'object' && !Array.isArray(properties) ? properties[last] : undefined;
    const title = field && typeof field === 'object' && !Array.isArray(field) && typeof field.title === 'string' ? field.title : last;
    message = `must have required property '${title}'`;
  }
  return { name: error.keyword, property, message, params: {}, stack: `${property} ${message}`.trim(), schemaPath: '' };
}

function check(schema: RJSFSchema, formData: unknown): SchemaError[] {
  try {
    return checkValue(schema, asJson(formData));
  } catch (error) {
    return [{ path: [], keyword: 'schema', message: `the schema could not be used: ${error instanceof Error ? error.message : String(error)}` }];
  }
}

export const formValidator: ValidatorType = {
  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    let errors = check(schema, formData).map((error) => toRjsfError(error, schema as JsonObject));
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const errorSchema = toErrorSchema<unknown>(errors);
    if (!customValidate) return { errors, errorSchema };
    return { errors, errorSchema };
  },
  isValid(schema: RJSFSchema, formData: unknown): boolean {
    return check(schema, formData).length === 0;
  },
  rawValidation<Result>(schema: RJSFSchema, formData: unknown): { errors?: Result[] } {
    const errors = check(schema, formData);
    // rjsf leaves the raw error shape to the validator; ours is SchemaError.
    return errors.length > 0 ? { errors: errors as unknown as Result[] } : {};
  },
};
