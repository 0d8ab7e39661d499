/**
 * Our field and widget overrides for rjsf, only where rjsf's own are wrong for an inspector:
 *  - free-JSON schemas (x-loupe-any) get a JSON text field instead of "unsupported field";
 *  - nullable fields get an explicit null switch (rjsf silently renders them as the non-null type);
 *  - optional objects and arrays start absent, with "+ Add" and "Remove" (see optionalParts.ts);
 *  - date-time is a plain text input: rjsf's converts to local time and drops the offset, altering values.
 */
import type { FieldProps, RegistryFieldsType, RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { getDefaultRegistry } from './rjsfCore';
import type { JsonObject } from '../../shared/json';
import { isAny, nullableMarker } from '../../shared/schema/schemaTypes';
import { JsonValueField } from './JsonValueField';
import { NullableField } from './NullableField';
import { OptionalPartField } from './OptionalPartField';
import { partKind } from './optionalParts';

const defaults = getDefaultRegistry();
const DefaultSchemaField = defaults.fields.SchemaField;

function isNullableField(schema: JsonObject): boolean {
  // Enums carry null as one of their options already.
  return schema[nullableMarker] === true && !Array.isArray(schema.enum) && !Array.isArray(schema.oneOf);
}

function LoupeSchemaField(props: FieldProps) {
  const schema = props.schema as JsonObject;
  if (isAny(schema)) return <JsonValueField {...props} />;
  if (isNullableField(schema)) return <NullableField {...props} inner={DefaultSchemaField} />;
  const kind = partKind(schema);
  const path = props.fieldPathId.path;
  const isProperty = path.length > 0 && typeof path[path.length - 1] === 'string';
  if (kind !== undefined && isProperty && !props.required)
    return <OptionalPartField {...props} inner={DefaultSchemaField} kind={kind} />;
  return <DefaultSchemaField {...props} />;
}

function TextDateTimeWidget(props: WidgetProps) {
  const { id, required, disabled, readonly, onChange, onBlur, onFocus, placeholder } = props;
  const value = props.value as unknown;
  return (
    <input
      id={id}
      type="text"
      className="form-control"
      inputMode="text"
      placeholder={placeholder || 'YYYY-MM-DDThh:mm:ssZ'}
      value={typeof value === 'string' ? value : ''}
      required={required}
      disabled={disabled || readonly}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}

export const loupeFields: RegistryFieldsType = { SchemaField: LoupeSchemaField };
export const loupeWidgets: RegistryWidgetsType = {
  DateTimeWidget: TextDateTimeWidget,
  'date-time': TextDateTimeWidget,
};
